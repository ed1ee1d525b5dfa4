import { and, eq } from "drizzle-orm";
import { notifications } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";

/** Marks every unread notification of the viewer read; answers how many changed. */
export async function markAllNotificationsRead(
  { db, bus }: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
): Promise<number> {
  const { id } = requireActor(actor);
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, id), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  if (updated.length > 0) await publishChanges(bus, [{ table: "notifications", userId: id }]);
  return updated.length;
}
