import { and, eq, inArray } from "drizzle-orm";
import { profiles } from "~db/schema";
import type { AdminNotificationEvent } from "./admin-settings";
import type { Executor } from "./db.server";
import { queueEmail } from "./email.server";
import { adminIds } from "./roles.server";
import { readSettings, SEEDLESS_SETTINGS } from "./settings.server";

/** What an event e-mail says: the in-app notification's title as subject, its message as text. */
export interface EventEmail {
  title: string;
  message: string;
}

const body = (email: EventEmail) => ({ subject: email.title, text: `${email.message}\n\nSign in to see the details.` });

/**
 * Queues an e-mail to a customer in the caller's transaction, unless the customer turned e-mail off on the
 * Profile page.
 */
export async function emailCustomer(executor: Executor, userId: string, email: EventEmail): Promise<void> {
  const [profile] = await executor
    .select({ email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.id, userId), eq(profiles.emailOptOut, false)));
  if (profile) await queueEmail(executor, { to: profile.email, ...body(email) });
}

/**
 * Queues an e-mail of an admin event to every admin (never `exclude`) when Email Notifications and the
 * event's switch are on in the settings, read inside the caller's transaction.
 */
export async function emailAdmins(executor: Executor, event: AdminNotificationEvent, email: EventEmail, exclude?: string): Promise<void> {
  const { notifications } = await readSettings(executor, SEEDLESS_SETTINGS);
  if (!notifications.emailNotifications || !notifications[event]) return;
  const ids = (await adminIds(executor)).filter((id) => id !== exclude);
  if (ids.length === 0) return;
  const rows = await executor.select({ email: profiles.email }).from(profiles).where(inArray(profiles.id, ids));
  for (const row of rows) await queueEmail(executor, { to: row.email, ...body(email) });
}
