import { eq } from "drizzle-orm";
import { profiles } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";

const ADMIN_LOCKED_NOTIFICATION_TYPE = "security";

/**
 * After failed sign-ins locked an admin's account: every other admin hears of it in the app and by e-mail, whatever
 * the notification switches (someone may be guessing an admin's password). Passed to the auth layer by the
 * composition root.
 */
export async function notifyAdminsOfLockout({ db, bus }: Pick<Deps, "db" | "bus">, userId: string): Promise<void> {
  const changes = await db.transaction(async (tx) => {
    const [profile] = await tx.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, userId));
    const email = profile?.email ?? "";
    return notify(tx, {
      to: { admins: "security", except: userId },
      type: ADMIN_LOCKED_NOTIFICATION_TYPE,
      data: { email },
    });
  });
  await publishChanges(bus, changes);
}
