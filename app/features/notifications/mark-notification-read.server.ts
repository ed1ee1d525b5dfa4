import { and, eq } from "drizzle-orm";
import { notifications } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

/** Marks one of the viewer's own notifications read. */
export async function markNotificationRead(
  { db, bus }: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  { id: notificationId }: { id: string },
): Promise<void> {
  const { id } = requireActor(actor);
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, id)))
    .returning({ id: notifications.id });
  // Another user's notification answers exactly like a missing one.
  if (updated.length === 0) throw new AppError("notification_not_found");
  await publishChanges(bus, [{ table: "notifications", userId: id }]);
}
