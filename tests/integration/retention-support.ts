import { notifications } from "~db/schema";
import { DAY_MS } from "~/features/retention/retention";
import type { Db } from "~/lib/db/db.server";

/** An instant `days` days (plus or minus some minutes) before `now`. */
export const ago = (now: Date, days: number, minutes = 0) => new Date(now.getTime() - days * DAY_MS - minutes * 60_000);

/** A notification of the retention tests' own type for `userId`, made at `createdAt`. */
export async function addNotification(db: Db, userId: string, createdAt: Date, isRead: boolean): Promise<string> {
  const [row] = await db
    .insert(notifications)
    .values({ userId, type: "retention_test", title: "Old news", message: "Something happened", isRead, createdAt })
    .returning({ id: notifications.id });
  return row!.id;
}
