import { adminNotesAction } from "~/features/notes/admin-notes-action.server";
import { AdminNotesTab } from "~/features/notes/components/admin-notes-tab";
import { listNotes } from "~/features/notes/list-notes.server";
import type { NotesLoad } from "~/features/notes/note-views";
import { DELETE_NOTE_INTENT, SAVE_NOTE_INTENT } from "~/features/notes/notes.schemas";
import { dispatchIntent } from "~/lib/http/intents.server";
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
export async function action({ request, context, params }: Route.ActionArgs) {
  const { i18n, user: actor, services } = requestContext(context);
  const userId = params.userId;
  return dispatchIntent(request, i18n, intents, {
    [SAVE_NOTE_INTENT]: (form) => adminNotesAction(services, actor, { userId, form }, i18n),
    [DELETE_NOTE_INTENT]: (form) => adminNotesAction(services, actor, { userId, form }, i18n),
  });
}

export const shouldRevalidate = tabShouldRevalidate;

export default function NotesTab({ loaderData }: Route.ComponentProps) {
  return <AdminNotesTab notes={loaderData.notes} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TabError error={error} />;
}
