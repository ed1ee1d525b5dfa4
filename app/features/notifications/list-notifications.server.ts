import type { I18n } from "@lingui/core";
import { and, count, desc, eq } from "drizzle-orm";
import { notifications } from "~db/schema";
import { isTeam, requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { isAdminNotice, renderNotification } from "./notification-texts";
import { NOTIFICATION_LIST_SIZE, type NotificationList } from "./notification-views";
import type { Deps } from "~/lib/services.server";

/**
 * The viewer's own newest notifications and unread count; nobody reads another user's list, admins included. Each
 * is worded here, in the reader's language (`i18n`: a row written before a language change follows it), with the
 * page it is about: the browser gets the words, not the rows' data nor the code that words them.
 */
export async function listNotifications(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  i18n: I18n,
): Promise<NotificationList> {
  const viewer = requireActor(actor);
  const { id } = viewer;
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, id))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_LIST_SIZE),
    db
      .select({ value: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, id), eq(notifications.isRead, false))),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      type: row.type,
      // An account without team power (a member who must still enrol in two-factor) reads a team notice as its
      // stored text: its data carries the customer's id for the link, which such an account may not follow.
      ...renderNotification(i18n, { ...row, data: isTeam(viewer) || !isAdminNotice(row) ? row.data : null }),
      isRead: row.isRead,
      createdAt: row.createdAt.toISOString(),
    })),
    unreadCount: unread?.value ?? 0,
  };
}
