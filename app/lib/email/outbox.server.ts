import { readdir, rm } from "node:fs/promises";
import path from "node:path";

/**
 * The outbox: without SMTP_URL, the mailer delivers each e-mail by writing it as an `.eml` file here, named by when it
 * was written and its email_messages row (`<time>-<id>.eml`). Such a copy holds what the row held (the address, the
 * body, any link), so it must not outlive its row: the erasure removes the copies of the rows it deletes, the retention
 * job the copies as old as the rows it removes.
 */
export function outboxFolder(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

/** The file name of a message's copy, written at `at`. */
export function outboxFileName(id: string, at: Date): string {
  return `${at.toISOString().replace(/[:.]/g, "-")}-${id}.eml`;
}

const COPY_NAME =
  /^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3}Z)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.eml$/i;

/** When a copy was written and whose row it is, from its name; null for a file the mailer did not name. */
function parseCopyName(name: string): { at: Date; id: string } | null {
  const match = COPY_NAME.exec(name);
  if (!match) return null;
  const at = new Date(`${match[1]}:${match[2]}:${match[3]}.${match[4]}`);
  return Number.isNaN(at.getTime()) ? null : { at, id: match[5]!.toLowerCase() };
}

/** Removes the copies `pick` chooses; returns how many went. No outbox folder: none. */
async function removeCopies(folder: string, pick: (copy: { at: Date; id: string }) => boolean): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const copy = parseCopyName(name);
    if (!copy || !pick(copy)) continue;
    await rm(path.join(folder, name), { force: true });
    removed += 1;
  }
  return removed;
}

/** Removes the outbox copies of these email_messages rows (their rows are gone). */
export function removeOutboxCopiesOf(folder: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return Promise.resolve(0);
  const wanted = new Set(ids.map((id) => id.toLowerCase()));
  return removeCopies(folder, (copy) => wanted.has(copy.id));
}

/** Removes the outbox copies written before `before` (their rows are as old, and go with the same retention). */
export function removeOutboxCopiesBefore(folder: string, before: Date): Promise<number> {
  return removeCopies(folder, (copy) => copy.at.getTime() < before.getTime());
}
