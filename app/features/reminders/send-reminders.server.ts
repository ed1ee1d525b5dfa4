import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { and, desc, eq, gt, max, sql } from "drizzle-orm";
import { profiles, reminders } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { isCustomer } from "~/features/users/customer-query.server";
import { reminderLink, reminderNotification } from "~/features/notifications/reminder-notifications";
import type { Executor } from "~/lib/db/db.server";
import { queueEmail, type EmailInput } from "~/lib/email/email.server";
import { i18nOfUsers } from "~/lib/i18n/language.server";
import { reminderOpenPath, unsubscribeRemindersPath } from "~/lib/http/paths";
import type { Change } from "~/lib/realtime/realtime";
import { signUnsubscribeToken } from "./reminder-token.server";
import { thingKey, type WaitingThing } from "./reminders";

/** One reminder to send: the thing waiting, and its step (0: sent by hand). */
export interface ReminderToSend {
  thing: WaitingThing;
  step: number;
}

/** The customer a reminder goes to, as read (and locked) by the caller. */
export interface ReminderCustomer {
  id: string;
  email: string;
  fullName: string;
  remindersOptOut: boolean;
  remindersPausedAt: Date | null;
}

/**
 * Reads a customer's reminder standing and locks their profile row: one sender at a time decides for them. A team
 * member's profile is nobody's to remind (null, as an id of nobody).
 */
export async function lockReminderCustomer(executor: Executor, userId: string): Promise<ReminderCustomer | null> {
  const [row] = await executor
    .select({
      id: profiles.id,
      email: profiles.email,
      fullName: profiles.fullName,
      remindersOptOut: profiles.remindersOptOut,
      remindersPausedAt: profiles.remindersPausedAt,
    })
    .from(profiles)
    .where(and(eq(profiles.id, userId), isCustomer))
    .for("update");
  return row ?? null;
}

/** When the customer's last reminder e-mail went (null: never). */
export async function lastReminderEmailAt(executor: Executor, userId: string): Promise<Date | null> {
  const [row] = await executor
    .select({ sentAt: reminders.sentAt })
    .from(reminders)
    .where(and(eq(reminders.userId, userId), eq(reminders.emailed, true)))
    .orderBy(desc(reminders.sentAt))
    .limit(1);
  return row?.sentAt ?? null;
}

/** The last scheduled step sent of each thing of a customer's (by `thingKey`). */
export async function lastStepsSent(executor: Executor, userId: string): Promise<Map<string, number>> {
  const rows = await executor
    .select({ kind: reminders.kind, subject: reminders.subject, step: max(reminders.step) })
    .from(reminders)
    .where(and(eq(reminders.userId, userId), gt(reminders.step, 0)))
    .groupBy(reminders.kind, reminders.subject);
  return new Map(rows.map((row) => [thingKey(row), row.step ?? 0]));
}

/**
 * The reminder e-mail: every reminder due for the customer in one message, each with what waits, and its link
 * (through /reminders/{id}, which notes that it was opened); the unsubscribe link at the end and in the
 * List-Unsubscribe header.
 */
function reminderEmail(
  i18n: I18n,
  customer: ReminderCustomer,
  sent: { id: string; thing: WaitingThing }[],
  siteUrl: string,
  unsubscribe: string,
): EmailInput {
  const origin = siteUrl.replace(/\/$/, "");
  const name = customer.fullName.trim();
  const items = sent.map(({ id, thing }) => {
    const { title, message } = reminderNotification(i18n, thing.data);
    return `${title}\n${message}\n${origin}${reminderOpenPath(id)}`;
  });
  const count = sent.length;
  const subject =
    count === 1
      ? reminderNotification(i18n, sent[0]!.thing.data).title
      : i18n._(msg`${plural(count, { one: "# thing is waiting for you", other: "# things are waiting for you" })}`);
  return {
    to: customer.email,
    subject,
    text: [
      name ? i18n._(msg`Hello ${name},`) : i18n._(msg`Hello,`),
      ...items,
      i18n._(msg`You receive these reminders while something waits on you. To stop them, open this link:`),
      `${origin}${unsubscribe}`,
    ].join("\n\n"),
    unsubscribeLink: unsubscribe,
  };
}

/**
 * Sends a customer's reminders in the caller's transaction: a row each (a scheduled step already sent is skipped, so
 * two senders never send one twice), the bell one each, and, when `email`, one e-mail listing them in the customer's
 * language. Returns the reminders written and the changes to publish after the commit.
 */
export async function sendReminders(
  executor: Executor,
  options: {
    customer: ReminderCustomer;
    toSend: readonly ReminderToSend[];
    now: Date;
    email: boolean;
    siteUrl: string;
    secret: string;
    sentBy?: string;
  },
): Promise<{ sent: number; changes: Change[] }> {
  const { customer, now } = options;
  const written: { id: string; thing: WaitingThing }[] = [];
  for (const { thing, step } of options.toSend) {
    const [row] = await executor
      .insert(reminders)
      .values({
        userId: customer.id,
        kind: thing.kind,
        subject: thing.subject,
        step,
        data: thing.data,
        link: reminderLink(thing.data),
        emailed: options.email,
        sentBy: options.sentBy ?? null,
        sentAt: now,
      })
      .onConflictDoNothing({
        target: [reminders.userId, reminders.kind, reminders.subject, reminders.step],
        where: sql`${reminders.step} > 0`,
      })
      .returning({ id: reminders.id });
    if (row) written.push({ id: row.id, thing });
  }
  if (written.length === 0) return { sent: 0, changes: [] };
  const changes: Change[] = [{ table: "reminders", userId: customer.id }];
  for (const { thing } of written)
    changes.push(
      ...(await notify(executor, { to: { customer: customer.id }, type: "reminder", data: thing.data, email: false })),
    );
  if (options.email) {
    const i18n = (await i18nOfUsers(executor, [customer.id]))(customer.id);
    const unsubscribe = unsubscribeRemindersPath(signUnsubscribeToken(options.secret, customer.id));
    await queueEmail(executor, reminderEmail(i18n, customer, written, options.siteUrl, unsubscribe));
  }
  return { sent: written.length, changes };
}
