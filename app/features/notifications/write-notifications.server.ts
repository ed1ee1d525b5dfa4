import { notifications } from "~db/schema";
import type { Executor } from "~/lib/db/db.server";
import type { Change } from "~/lib/realtime/realtime";

/** A notification row as its recipient reads it: stored text, already in their language (see notify). */
export interface NewNotification {
  userId: string;
  type: string;
  title: string;
  message: string;
}

/**
 * Inserts notification rows with the caller's executor (its transaction, so a notification exists exactly when
 * the write it announces does) and returns the changes to publish with `publishChanges` after the commit.
 * Use cases call `notify`, which words each row in its recipient's language and queues the e-mails with it.
 */
export async function writeNotifications(executor: Executor, items: readonly NewNotification[]): Promise<Change[]> {
  if (items.length === 0) return [];
  await executor.insert(notifications).values(items.map(({ userId, type, title, message }) => ({ userId, type, title, message })));
  return items.map((item) => ({ table: "notifications", userId: item.userId }));
}
