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
) {
  const deps = { db: services.database.db, bus: services.bus, storage: services.storage };
  const deleting = form.get("intent") === DELETE_NOTE_INTENT;
  const failed = deleting ? NOTE_MESSAGES.deleteFailed : NOTE_MESSAGES.saveFailed;
  try {
    if (deleting) {
      const parsed = await parseForm(form, deleteNoteFormSchema);
      if (!parsed.ok) return formFailure(parsed);
      await deleteNote(deps, actor, { userId, noteId: parsed.value.noteId });
      return data<ActionResult>({ ok: true, title: NOTE_MESSAGES.deleted });
    }
    const parsed = await parseForm(form, noteFormSchema);
    if (!parsed.ok) return formFailure(parsed);
    const outcome = await saveNote(deps, actor, { userId, ...parsed.value, photos: form.getAll("photos") });
    return data<ActionResult>({ ok: true, title: outcome === "created" ? NOTE_MESSAGES.created : NOTE_MESSAGES.updated });
  } catch (error) {
    if (error instanceof HttpError) return data<ActionResult>({ ok: false, error: error.message }, { status: error.status });
    console.error(`${failed}:`, error);
    return data<ActionResult>({ ok: false, error: failed }, { status: 500 });
  }
}
