import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { and, eq, inArray } from "drizzle-orm";
import { profiles } from "~db/schema";
import { notifiesAdmins, type AdminNotificationEvent } from "~/domain/admin-settings";
import type { Executor } from "~/lib/db/db.server";
import { queueEmail } from "~/lib/email/email.server";
import { i18nOfUsers } from "~/lib/i18n/language.server";
import type { Change } from "~/lib/realtime/realtime";
import { adminIds, teamFollowing } from "~/lib/auth/roles.server";
import { readSettings, SEEDLESS_SETTINGS } from "~/lib/config/settings.server";
import { ADMIN_HOME } from "~/lib/http/paths";
import { eventLink, eventText, type NotificationEvent } from "./notification-texts";
import { writeNotifications } from "./write-notifications.server";

/**
 * Who hears of an event: the admins who want it (per the settings' switches, never `except`), with the staff assigned
 * to the customer it is `about`; every admin whatever the switches (`security`: an alert nobody may turn off); or one
 * customer.
 */
/** The admins (or the team following a customer, `about`), a customer, or one team member. */
type Audience =
  | { admins: AdminNotificationEvent | "security"; except?: string; about?: string }
  | { customer: string }
  | { member: string };

/**
 * A notification: who hears of it, its type and its data (`NotificationEvent`). The bell and the e-mail word it
 * from these in the reader's language (notification-texts.ts); nothing is stored as a finished sentence except the
 * row's fallback text.
 */
export type Notification = NotificationEvent & {
  to: Audience;
  /** false: no e-mail now, the caller gathers it itself (a progress step's e-mail waits for the others). */
  email?: boolean;
  /** What the e-mail says after the message, when it has more to say than the in-app row (what to do next). */
  emailNext?: (i18n: I18n) => string;
};

/** The in-app recipients (user ids) and the e-mail recipients (addresses) of an audience. */
interface Recipients {
  inApp: string[];
  email: { id: string; email: string }[];
}

async function recipientsOf(executor: Executor, to: Audience): Promise<Recipients> {
  if ("customer" in to || "member" in to) {
    // One person always gets the row; the e-mail unless they turned e-mail off on the Profile page.
    const userId = "customer" in to ? to.customer : to.member;
    const wantsEmail = await executor
      .select({ id: profiles.id, email: profiles.email })
      .from(profiles)
      .where(and(eq(profiles.id, userId), eq(profiles.emailOptOut, false)));
    return { inApp: [userId], email: wantsEmail };
  }
  // Admins: in-app when Push Notifications and the event's switch are on, e-mail when Email Notifications and the
  // event's switch are on; the settings read inside the caller's transaction. Security alerts always go both ways.
  const event = to.admins;
  const { notifications } = await readSettings(executor, SEEDLESS_SETTINGS);
  const inAppOn = event === "security" || notifiesAdmins(notifications, event);
  const emailOn = event === "security" || (notifications.emailNotifications && notifications[event]);
  if (!inAppOn && !emailOn) return { inApp: [], email: [] };
  const team = to.about ? await teamFollowing(executor, to.about) : await adminIds(executor);
  const admins = team.filter((id) => id !== to.except);
  const email =
    emailOn && admins.length > 0
      ? await executor
          .select({ id: profiles.id, email: profiles.email })
          .from(profiles)
          .where(inArray(profiles.id, admins))
      : [];
  return { inApp: inAppOn ? admins : [], email };
}

/** Whether anybody would hear of an admin event now (a notification or an e-mail), read in the caller's transaction. */
export async function adminsListening(executor: Executor, event: AdminNotificationEvent): Promise<boolean> {
  const { inApp, email } = await recipientsOf(executor, { admins: event });
  return inApp.length > 0 || email.length > 0;
}

function emailBody(
  event: NotificationEvent,
  i18n: I18n,
  next?: Notification["emailNext"],
): { subject: string; text: string; link: string } {
  const { title, message } = eventText(i18n, event);
  const more = next ? `${next(i18n)}\n\n` : "";
  // Every e-mail links to the page it is about (an alert with no page of its own: the admin dashboard).
  const link = eventLink(event) ?? ADMIN_HOME;
  return { subject: title, text: `${message}\n\n${more}${i18n._(msg`Sign in to see the details:`)}`, link };
}

/**
 * The one way to tell somebody something happened: reads the settings, the recipients and their languages once,
 * then writes the in-app notification rows (type, data, and the text in the recipient's language as a fallback)
 * and queues the e-mails, all in the caller's transaction (so they exist exactly when the write they announce
 * does). Returns the changes to publish after the commit.
 */
export async function notify(executor: Executor, notification: Notification): Promise<Change[]> {
  const { to, email: sendEmail = true, emailNext, ...event } = notification;
  const recipients = await recipientsOf(executor, to);
  const email = sendEmail ? recipients.email : [];
  const i18nOf = await i18nOfUsers(executor, [...recipients.inApp, ...email.map((row) => row.id)]);
  for (const row of email)
    await queueEmail(executor, { to: row.email, ...emailBody(event as NotificationEvent, i18nOf(row.id), emailNext) });
  return writeNotifications(
    executor,
    recipients.inApp.map((userId) => ({
      userId,
      type: event.type,
      data: event.data,
      ...eventText(i18nOf(userId), event as NotificationEvent),
    })),
  );
}
