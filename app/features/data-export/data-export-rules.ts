/**
 * The rules of "Download my data", pure so the page and the server read the same ones: how often a customer may ask,
 * how long a ZIP stays downloadable, what state an export is in, and how the ZIP names its files.
 */

const HOUR_MS = 60 * 60 * 1000;

/** One export a day: the next may be asked for this long after the last one that did not fail. */
export const EXPORT_INTERVAL_MS = 24 * HOUR_MS;

/** A ready ZIP can be downloaded for this long; then the worker deletes it. */
export const DOWNLOAD_VALID_MS = 24 * HOUR_MS;

/** What the Profile page shows of an export: still being made, downloadable, gone, or failed. */
export type DataExportState = "preparing" | "ready" | "expired" | "failed";

/** An export as the rules need it. */
export interface DataExportFacts {
  status: string;
  createdAt: Date;
  expiresAt: Date | null;
  fileKey: string | null;
}

/**
 * When the customer may ask for their next export, or null when they may now. Only an export that did not fail
 * counts: a failure is the agency's, not the customer's, so they may try again at once.
 */
export function nextExportAllowedAt(
  lastCounted: Pick<DataExportFacts, "createdAt"> | null | undefined,
  now: Date,
): Date | null {
  if (!lastCounted) return null;
  const next = new Date(lastCounted.createdAt.getTime() + EXPORT_INTERVAL_MS);
  return next.getTime() > now.getTime() ? next : null;
}

/**
 * The page's state of an export. A ready export whose time is up, or whose file the worker already removed, is
 * expired: the download is refused from the moment `expiresAt` passes, before the worker gets to the file.
 */
export function exportState(row: DataExportFacts, now: Date): DataExportState {
  if (row.status === "failed") return "failed";
  if (row.status !== "ready") return "preparing";
  return isDownloadable(row, now) ? "ready" : "expired";
}

/** Whether the ZIP may be downloaded now: ready, its file still stored, and not past its time. */
export function isDownloadable(row: DataExportFacts, now: Date): boolean {
  return (
    row.status === "ready" && row.fileKey !== null && row.expiresAt !== null && row.expiresAt.getTime() > now.getTime()
  );
}

/** The name the ZIP is saved under: `my-data-2025-06-01.zip`, the day it was made (UTC). */
export function exportFileName(readyAt: Date): string {
  return `my-data-${readyAt.toISOString().slice(0, 10)}.zip`;
}

/** The export's key in the exports bucket: under its customer, so their files are found by owner. */
export function exportKey(userId: string, exportId: string): string {
  return `${userId}/${exportId}.zip`;
}

/**
 * The export's progress, 0 to 99 while it runs (100 is the finished export): `data.json` takes the first part,
 * the files the rest, each by how much of it is done.
 */
export function exportProgress(phase: "data" | "files" | "storing", done: number, total: number): number {
  const fraction = total > 0 ? Math.min(1, Math.max(0, done / total)) : 1;
  const [from, to] = PHASES[phase];
  return Math.floor(from + (to - from) * fraction);
}

const PHASES = { data: [0, 30], files: [30, 95], storing: [95, 99] } as const satisfies Record<
  string,
  readonly [number, number]
>;

/** Characters a ZIP entry's name never carries: path separators, control characters, and those Windows refuses. */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

/**
 * The names of the files in one ZIP folder: each file keeps the name it was sent with, made safe for every system,
 * and a second file of the same name gets ` (2)` before its extension, so none overwrites another when unzipped.
 */
export class ZipNames {
  private readonly taken = new Set<string>();

  /** A free path for `name` inside `folder` (`files/messages`), remembered as taken. */
  claim(folder: string, name: string): string {
    const cleaned = name.replace(UNSAFE_NAME, "_").replace(/^\.+/, "").trim().slice(-120) || "file";
    const dot = cleaned.lastIndexOf(".");
    const stem = dot > 0 ? cleaned.slice(0, dot) : cleaned;
    const ext = dot > 0 ? cleaned.slice(dot) : "";
    let candidate = `${folder}/${cleaned}`;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n += 1) candidate = `${folder}/${stem} (${n})${ext}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
