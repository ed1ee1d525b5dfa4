import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { and, eq, inArray } from "drizzle-orm";
import { profiles } from "~db/schema";
import type { AdminNotificationEvent } from "./admin-settings";
import type { Executor } from "./db.server";
import { queueEmail } from "./email.server";
import { i18nOfUsers } from "./i18n/language.server";
import type { Localized } from "./i18n/localized-text";
import { adminIds } from "./roles.server";
import { readSettings, SEEDLESS_SETTINGS } from "./settings.server";

/** What an event e-mail says: the in-app notification's title as subject, its message as text. */
export interface EventEmail {
  title: string;
  message: string;
}

/**
 * An event e-mail in its recipient's language (docs/decisions/026): `(i18n) => ({ title: i18n._(msg\`...\`), ... })`,
 * rendered with each recipient's saved language when the e-mail is queued. A plain EventEmail is sent as it is.
 */
export type LocalizedEventEmail = EventEmail | Localized<EventEmail>;

function body(email: LocalizedEventEmail, i18n: I18n): { subject: string; text: string } {
  const { title, message } = typeof email === "function" ? email(i18n) : email;
  return { subject: title, text: `${message}\n\n${i18n._(msg`Sign in to see the details.`)}` };
}

/**
 * Queues an e-mail to a customer in the caller's transaction, in the customer's saved language, unless the
 * customer turned e-mail off on the Profile page.
 */
export async function emailCustomer(executor: Executor, userId: string, email: LocalizedEventEmail): Promise<void> {
  const [profile] = await executor
    .select({ email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.id, userId), eq(profiles.emailOptOut, false)));
  if (!profile) return;
  const i18nOf = await i18nOfUsers(executor, [userId]);
  await queueEmail(executor, { to: profile.email, ...body(email, i18nOf(userId)) });
}

/**
 * Queues an e-mail of an admin event to every admin (never `exclude`), each in their own saved language, when
 * Email Notifications and the event's switch are on in the settings, read inside the caller's transaction.
 */
export async function emailAdmins(executor: Executor, event: AdminNotificationEvent, email: LocalizedEventEmail, exclude?: string): Promise<void> {
  const { notifications } = await readSettings(executor, SEEDLESS_SETTINGS);
  if (!notifications.emailNotifications || !notifications[event]) return;
  const ids = (await adminIds(executor)).filter((id) => id !== exclude);
  if (ids.length === 0) return;
  const rows = await executor.select({ id: profiles.id, email: profiles.email }).from(profiles).where(inArray(profiles.id, ids));
  const i18nOf = await i18nOfUsers(executor, rows.map((row) => row.id));
  for (const row of rows) await queueEmail(executor, { to: row.email, ...body(email, i18nOf(row.id)) });
}
