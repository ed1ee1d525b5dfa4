import { notifications } from "~db/schema";
import type { Executor } from "~/lib/db.server";
import type { Change } from "~/lib/realtime";

export interface NewNotification {
  userId: string;
  type: string;
  title: string;
  message: string;
}

/**
 * The one notification writer: inserts the rows with the caller's executor (its transaction, so a
 * notification exists exactly when the write it announces does) and returns the changes to publish
 * with `publishChanges` after the commit.
 */
export async function writeNotifications(executor: Executor, items: readonly NewNotification[]): Promise<Change[]> {
  if (items.length === 0) return [];
  await executor.insert(notifications).values([...items]);
  return items.map((item) => ({ table: "notifications", userId: item.userId }));
}
