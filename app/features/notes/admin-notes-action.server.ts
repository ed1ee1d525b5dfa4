import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { HttpError } from "~/lib/errors";
import type { ActionResult } from "~/lib/forms";
import { formFailure, parseForm } from "~/lib/forms.server";
import type { Services } from "~/lib/services.server";
import type { Actor } from "~/lib/session";
import { deleteNote } from "./delete-note.server";
import { DELETE_NOTE_INTENT, deleteNoteFormSchema, NOTE_MESSAGES, noteFormSchema } from "./notes.schemas";
import { saveNote } from "./save-note.server";

/**
 * The admin user page's note branches: `intent=save-note` (noteId empty for a new note, title,
 * description, keepPhotos[i], photos files) and `intent=delete-note` (noteId). Refusals answer their own
 * message and status (401/403/404/400/413); anything else is logged and answers the spec's
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
    if (error instanceof HttpError) return data<ActionResult>({ ok: false, error: refusalText(error.message, i18n) }, { status: error.status });
    console.error(`${failed}:`, error);
    return data<ActionResult>({ ok: false, error: failedText }, { status: 500 });
  }
}

/** The use cases' known refusals in the request's language (others as they are). */
function refusalText(message: string, i18n: I18n): string {
  if (message === NOTE_MESSAGES.notFound) return i18n._(msg`Note not found`);
  if (message === NOTE_MESSAGES.invalidPhoto) return i18n._(msg`A photo you kept is not one of this note's photos`);
  if (message === NOTE_MESSAGES.required) return i18n._(msg`Title and description are required`);
  return message;
}
