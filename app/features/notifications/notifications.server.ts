import { and, count, desc, eq } from "drizzle-orm";
import { notifications } from "~db/schema";
import type { Db } from "~/lib/db.server";
import { notFound, notSignedIn } from "~/lib/errors";
import type { ChangeBus } from "~/lib/realtime.server";
import type { Actor } from "~/lib/session";

export const NOTIFICATION_LIST_SIZE = 10;

export interface NotificationItem {
  id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

export interface NotificationList {
  items: NotificationItem[];
  unreadCount: number;
}

interface Deps {
  db: Db;
  bus: ChangeBus;
}

function requireActor(actor: Actor | null): Actor {
  if (!actor) throw notSignedIn();
  return actor;
}

/** The viewer's own newest notifications and unread count; nobody reads another user's list, admins included. */
export async function listNotifications({ db }: Pick<Deps, "db">, actor: Actor | null): Promise<NotificationList> {
  const { id } = requireActor(actor);
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
      title: row.title,
      message: row.message,
      isRead: row.isRead,
      createdAt: row.createdAt.toISOString(),
    })),
    unreadCount: unread?.value ?? 0,
  };
}

export async function markNotificationRead({ db, bus }: Deps, actor: Actor | null, notificationId: string): Promise<void> {
  const { id } = requireActor(actor);
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, id)))
    .returning({ id: notifications.id });
  // Another user's notification answers exactly like a missing one.
  if (updated.length === 0) throw notFound("Notification not found");
  await bus.publish({ table: "notifications", userId: id });
}

export async function markAllNotificationsRead({ db, bus }: Deps, actor: Actor | null): Promise<number> {
  const { id } = requireActor(actor);
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, id), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  if (updated.length > 0) await bus.publish({ table: "notifications", userId: id });
  return updated.length;
}

export interface NewNotification {
  userId: string;
  type: string;
  title: string;
  message: string;
}

/** Written by the product's own use cases (payments, progress, submissions), never directly by a browser. */
export async function createNotifications({ db, bus }: Deps, items: NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(notifications).values(items);
  const owners = [...new Set(items.map((item) => item.userId))];
  await Promise.all(owners.map((userId) => bus.publish({ table: "notifications", userId })));
}

