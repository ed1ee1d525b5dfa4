import { eq } from "drizzle-orm";
import { emailAdmins } from "~/lib/email-notifications.server";
import { profiles } from "~db/schema";
import { writeNotifications } from "~/features/notifications/write-notifications.server";
import type { Db } from "~/lib/db.server";
import { publishChanges, type ChangeBus } from "~/lib/realtime.server";
import { adminRecipients } from "~/lib/settings.server";

export const NEW_USER_NOTIFICATION = { type: "new_user", title: "New User Registration" } as const;

/** "{name} from {company} just registered" (the name alone without a company). */
export function newUserMessage({ fullName, companyName }: { fullName: string; companyName: string | null }): string {
  const name = fullName.trim() || "A new customer";
  return companyName?.trim() ? `${name} from ${companyName.trim()} just registered` : `${name} just registered`;
}

/**
 * After a customer signs up: every admin is notified (type new_user), when the settings' Push
 * Notifications and New user registration are on. Passed to the auth layer by the composition root.
 */
export async function notifyAdminsOfSignUp({ db, bus }: { db: Db; bus: ChangeBus }, userId: string): Promise<void> {
  const changes = await db.transaction(async (tx) => {
    const admins = await adminRecipients(tx, "newUserRegistration", userId);
    const [profile] = await tx.select({ fullName: profiles.fullName, companyName: profiles.companyName }).from(profiles).where(eq(profiles.id, userId));
    const message = newUserMessage(profile ?? { fullName: "", companyName: null });
    await emailAdmins(tx, "newUserRegistration", { ...NEW_USER_NOTIFICATION, message }, userId);
    if (admins.length === 0) return [];
    return writeNotifications(
      tx,
      admins.map((adminId) => ({ userId: adminId, ...NEW_USER_NOTIFICATION, message })),
    );
  });
  await publishChanges(bus, changes);
}
