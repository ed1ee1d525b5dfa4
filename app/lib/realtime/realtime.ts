/** What the server publishes after a committed write: which table changed, and whose row it was. */
export interface Change {
  table: string;
  userId: string;
}

export interface Viewer {
  userId: string;
  isAdmin: boolean;
  /** A staff member's customers (their changes reach the stream); null for admins and customers. */
  customerIds: ReadonlySet<string> | null;
}

/**
 * The `userId` of a change that concerns every viewer (the admin settings: Maintenance Mode switches every
 * customer's open page). Such a change names only its table, never a row or a value.
 */
export const EVERYONE = "*";

/** A stream forwards a change only to its owner, to admins and to the staff assigned to it; a change for everyone to all. */
export function canSeeChange(viewer: Viewer, change: Change): boolean {
  return (
    viewer.isAdmin ||
    viewer.userId === change.userId ||
    change.userId === EVERYONE ||
    (viewer.customerIds?.has(change.userId) ?? false)
  );
}

/** Whether a stream's viewer is told whose row a change was (the team's pages skip other customers' changes). */
export function viewerIsTeam(viewer: Viewer): boolean {
  return viewer.isAdmin || viewer.customerIds !== null;
}

/**
 * Whether a team member's open back-office page shows a change. A customer's page shows that customer's rows, the
 * member's own (the bell) and the settings, so the other customers' changes need not reload it; every other page
 * lists everyone the member reaches (a staff member's stream carries only their customers' changes).
 */
export function adminPageShows(change: Change, page: { memberId: string; customerId: string | undefined }): boolean {
  return page.customerId === undefined || [page.customerId, page.memberId, EVERYONE].includes(change.userId);
}

/** Events the browser receives on the live stream. */
export const LIVE_EVENTS = {
  change: "change",
  /** The bus lost its connection for a while: changes may have been missed, so every page reloads its data. */
  resync: "resync",
  sessionEnded: "session-ended",
  /** The server is shutting down: the stream ends after it, and the browser reconnects after the `retry:` it was sent. */
  reconnect: "reconnect",
} as const;

export const LIVE_STREAM_PATH = "/events";

/**
 * "Something changed a moment ago": set for a few seconds by the browser when its stream brings a change and by the
 * server on the answer to a form. While it is there, the page's data is always answered in full, never 304: the
 * instance answering may not have heard of that change yet (another instance's notification still on its way).
 */
export const RECENT_CHANGE_COOKIE = "live_changed";
const RECENT_CHANGE_SECONDS = 5;
export const RECENT_CHANGE_COOKIE_VALUE = `${RECENT_CHANGE_COOKIE}=1; Path=/; Max-Age=${RECENT_CHANGE_SECONDS}; SameSite=Lax`;
