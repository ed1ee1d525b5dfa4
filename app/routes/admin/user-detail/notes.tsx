import { msg } from "@lingui/core/macro";
import { AdminNotesTab } from "~/features/notes/components/admin-notes-tab";
import { listNotes } from "~/features/notes/list-notes.server";
import type { NotesLoad } from "~/features/notes/note-views";
import { deleteNote } from "~/features/notes/delete-note.server";
import {
  DELETE_NOTE_INTENT,
  deleteNoteFormSchema,
  noteFormSchema,
  SAVE_NOTE_INTENT,
} from "~/features/notes/notes.schemas";
import { saveNote } from "~/features/notes/save-note.server";
import { form, intentAction } from "~/lib/http/actions.server";
import { requestContext } from "~/lib/http/request-context.server";
import { tabShouldRevalidate } from "./revalidation";
import { TabError } from "./tab-error";
import type { Route } from "./+types/notes";

/** The Notes tab: the team's notes about the customer. A failure to load them is logged and the tab says so. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, user } = requestContext(context);
  const notes = await listNotes(services, user, { userId: params.userId }).then(
    (list): NotesLoad => ({ ok: true, notes: list }),
    (error: unknown): NotesLoad => {
      console.error("Failed to load notes:", error);
      return { ok: false };
    },
  );
  return { notes };
}

/** The forms this tab's action takes (the matrix tries each). */
export const intents = [SAVE_NOTE_INTENT, DELETE_NOTE_INTENT] as const;

/** A note's save (title, description, photos) and its deletion. Any other intent is refused with 400. */
export async function action(args: Route.ActionArgs) {
  const { userId } = args.params;
  return intentAction(args, intents, {
    // noteId empty for a new note; keepPhotos[i] the saved photos kept, `photos` the new files.
    [SAVE_NOTE_INTENT]: form({
      schema: noteFormSchema,
      run: ({ services, user, form: posted }, value) =>
        saveNote(services, user, { userId, ...value, photos: posted.getAll("photos") }),
      success: ({ i18n }, outcome) => ({
        ok: true as const,
        title: i18n._(outcome === "created" ? msg`Note created successfully` : msg`Note updated successfully`),
      }),
    }),
    [DELETE_NOTE_INTENT]: form({
      schema: deleteNoteFormSchema,
      run: ({ services, user }, { noteId }) => deleteNote(services, user, { userId, noteId }),
      success: ({ i18n }) => ({ ok: true as const, title: i18n._(msg`Note deleted successfully`) }),
    }),
  });
}

export const shouldRevalidate = tabShouldRevalidate;

export default function NotesTab({ loaderData }: Route.ComponentProps) {
  return <AdminNotesTab notes={loaderData.notes} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TabError error={error} />;
}
