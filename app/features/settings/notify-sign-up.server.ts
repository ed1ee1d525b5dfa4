import { eq } from "drizzle-orm";
import { profiles } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import type { Db } from "~/lib/db/db.server";
import { publishChanges, type ChangeBus } from "~/lib/realtime/realtime.server";

const NEW_USER_NOTIFICATION_TYPE = "new_user";

/**
 * After a customer signs up: every admin is notified (type new_user), when the settings' Push
 * Notifications and New user registration are on. Passed to the auth layer by the composition root.
 */
export async function notifyAdminsOfSignUp({ db, bus }: { db: Db; bus: ChangeBus }, userId: string): Promise<void> {
  const changes = await db.transaction(async (tx) => {
    const [profile] = await tx.select({ fullName: profiles.fullName, companyName: profiles.companyName }).from(profiles).where(eq(profiles.id, userId));
    const data = { customerId: userId, fullName: profile?.fullName ?? "", companyName: profile?.companyName ?? null };
    return notify(tx, { to: { admins: "newUserRegistration", except: userId, about: userId }, type: NEW_USER_NOTIFICATION_TYPE, data });
  });
  await publishChanges(bus, changes);
}
