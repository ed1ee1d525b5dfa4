import { notifications } from "~db/schema";
import type { Executor } from "~/lib/db/db.server";
import type { Change } from "~/lib/realtime/realtime";

/**
 * A notification row: its type and data, from which it is worded when read, and the text in the recipient's
 * language when written (shown only when the data cannot be read; rows without data are shown as stored).
 */
export interface NewNotification {
  userId: string;
  type: string;
  data?: Record<string, unknown> | null;
  title: string;
  message: string;
}

/**
 * Inserts notification rows with the caller's executor (its transaction, so a notification exists exactly when
 * the write it announces does) and returns the changes to publish with `publishChanges` after the commit.
 * Use cases call `notify`, which stores each row's type and data and queues the e-mails with it.
 */
export async function writeNotifications(executor: Executor, items: readonly NewNotification[]): Promise<Change[]> {
  if (items.length === 0) return [];
  await executor
    .insert(notifications)
    .values(
      items.map(({ userId, type, data, title, message }) => ({ userId, type, data: data ?? null, title, message })),
    );
  return items.map((item) => ({ table: "notifications", userId: item.userId }));
}
