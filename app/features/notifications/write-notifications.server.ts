import { notifications } from "~db/schema";
import type { Executor } from "~/lib/db.server";
import { i18nOfUsers } from "~/lib/i18n/language.server";
import type { Localized } from "~/lib/i18n/localized-text";
import type { Change } from "~/lib/realtime";

/** A notification's words: as given, or rendered in the recipient's saved language when the row is written. */
export type NotificationText = { title: string; message: string } | { text: Localized<{ title: string; message: string }> };

export type NewNotification = { userId: string; type: string } & NotificationText;

/**
 * The one notification writer: inserts the rows with the caller's executor (its transaction, so a
 * notification exists exactly when the write it announces does) and returns the changes to publish
 * with `publishChanges` after the commit.
 *
 * A row is stored text, read only by its recipient: an item given as `text: (i18n) => ({ title, message })` is
 * written in the recipient's saved language (docs/decisions/026), once, at write time, so the list and the
 * live updates read it as it is.
 */
export async function writeNotifications(executor: Executor, items: readonly NewNotification[]): Promise<Change[]> {
  if (items.length === 0) return [];
  const i18nOf = await i18nOfUsers(
    executor,
    items.filter((item) => "text" in item).map((item) => item.userId),
  );
  await executor.insert(notifications).values(
    items.map((item) => {
      const { title, message } = "text" in item ? item.text(i18nOf(item.userId)) : item;
      return { userId: item.userId, type: item.type, title, message };
    }),
  );
  return items.map((item) => ({ table: "notifications", userId: item.userId }));
}
