import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { eq } from "drizzle-orm";
import { profiles } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import type { Db } from "~/lib/db/db.server";
import { publishChanges, type ChangeBus } from "~/lib/realtime/realtime.server";

const NEW_USER_NOTIFICATION_TYPE = "new_user";

/** 'New User Registration' / "{name} from {company} just registered" (the name alone without a company), in the admin's language. */
function newUserNotification(i18n: I18n, { fullName, companyName }: { fullName: string; companyName: string | null }): { title: string; message: string } {
  const name = fullName.trim() || i18n._(msg`A new customer`);
  const company = companyName?.trim();
  return {
    title: i18n._(msg`New User Registration`),
    message: company ? i18n._(msg`${name} from ${company} just registered`) : i18n._(msg`${name} just registered`),
  };
}

/**
 * After a customer signs up: every admin is notified (type new_user), when the settings' Push
 * Notifications and New user registration are on. Passed to the auth layer by the composition root.
 */
export async function notifyAdminsOfSignUp({ db, bus }: { db: Db; bus: ChangeBus }, userId: string): Promise<void> {
  const changes = await db.transaction(async (tx) => {
    const [profile] = await tx.select({ fullName: profiles.fullName, companyName: profiles.companyName }).from(profiles).where(eq(profiles.id, userId));
    const text = (i18n: I18n) => newUserNotification(i18n, profile ?? { fullName: "", companyName: null });
    return notify(tx, { to: { admins: "newUserRegistration", except: userId }, type: NEW_USER_NOTIFICATION_TYPE, text });
  });
  await publishChanges(bus, changes);
}
