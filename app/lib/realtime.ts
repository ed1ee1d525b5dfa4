/** What the server publishes after a committed write: which table changed, and whose row it was. */
export interface Change {
  table: string;
  userId: string;
}

export interface Viewer {
  userId: string;
  isAdmin: boolean;
}

/** A stream forwards a change only to its owner and to admins. */
export function canSeeChange(viewer: Viewer, change: Change): boolean {
  return viewer.isAdmin || viewer.userId === change.userId;
}

/** Events the browser receives on the live stream. */
export const LIVE_EVENTS = {
  change: "change",
  /** The bus lost its connection for a while: changes may have been missed, so every page reloads its data. */
  resync: "resync",
  sessionEnded: "session-ended",
} as const;

export const LIVE_STREAM_PATH = "/events";
