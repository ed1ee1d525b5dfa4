import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { AppError } from "~/lib/http/app-error";
import { actionFailure } from "~/lib/http/error-answer.server";
import type { Services } from "~/lib/services.server";
import type { Actor } from "~/lib/auth/session";
import { deleteNote } from "./delete-note.server";
import { DELETE_NOTE_INTENT, deleteNoteFormSchema, NOTE_MESSAGES, noteFormSchema } from "./notes.schemas";
import { saveNote } from "./save-note.server";

/**
 * The admin user page's note branches: `intent=save-note` (noteId empty for a new note, title,
 * description, keepPhotos[i], photos files) and `intent=delete-note` (noteId). Refusals answer their own
 * message and status (401/403/404/400/413); anything else is logged and answers
 * 'Failed to save note' / 'Failed to delete note' with 500.
 */
export async function adminNotesAction(
  services: Pick<Services, "database" | "bus" | "storage">,
  actor: Actor | null,
  { userId, form }: { userId: string; form: FormData },
  i18n: I18n,
) {
  const deps = { db: services.database.db, bus: services.bus, storage: services.storage };
  const deleting = form.get("intent") === DELETE_NOTE_INTENT;
  const failed = deleting ? NOTE_MESSAGES.deleteFailed : NOTE_MESSAGES.saveFailed;
  // NOTE_MESSAGES in the request's language.
  const failedText = i18n._(deleting ? msg`Failed to delete note` : msg`Failed to save note`);
  try {
    if (deleting) {
      const parsed = await parseForm(form, deleteNoteFormSchema);
      if (!parsed.ok) return formFailure(parsed);
      await deleteNote(deps, actor, { userId, noteId: parsed.value.noteId });
      return data<ActionResult>({ ok: true, title: i18n._(msg`Note deleted successfully`) });
    }
    const parsed = await parseForm(form, noteFormSchema);
    if (!parsed.ok) return formFailure(parsed);
    const outcome = await saveNote(deps, actor, { userId, ...parsed.value, photos: form.getAll("photos") });
    return data<ActionResult>({
      ok: true,
      title: i18n._(outcome === "created" ? msg`Note created successfully` : msg`Note updated successfully`),
    });
  } catch (error) {
    if (error instanceof AppError) return actionFailure(error, i18n);
    console.error(`${failed}:`, error);
    return data<ActionResult>({ ok: false, error: failedText }, { status: 500 });
  }
}
