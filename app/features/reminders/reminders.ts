import type { ReminderKind } from "~/domain/reminder-schedules";
import type { ReminderNotificationData } from "~/features/notifications/reminder-notifications";

/**
 * The rules of reminders, pure: which step of a schedule is due, and how often a customer may get a reminder e-mail.
 * A schedule's days count in whole days of 24 hours from the moment the thing started waiting on the customer.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** At most one reminder e-mail a customer per this long: reminders due meanwhile wait and go together. */
export const REMINDER_EMAIL_GAP_MS = 24 * 60 * 60 * 1000;

/** How often each instance looks for reminders due (the advisory lock lets one of them at a time do it). */
export const REMINDER_CHECK_MS = 15 * 60 * 1000;

/** Customers handled per run at most: a run is short, and what is left goes at the next one. */
export const REMINDER_BATCH = 200;

/** Something waiting on a customer: what (kind, and which one of that kind), since when, and its words' data. */
export interface WaitingThing {
  userId: string;
  kind: ReminderKind;
  /** Which thing of its kind: a service, a round's or a payment's id, the oldest unread message's id; "" for one a customer. */
  subject: string;
  since: Date;
  data: ReminderNotificationData;
}

/**
 * The step of a schedule reached at `now` by something waiting since `since`: how many of its days have passed
 * (1 on the first day, 0 before it). A clock that jumps past several days reaches the last of them at once: one
 * reminder goes, never one per day passed.
 */
export function reachedStep(days: readonly number[], since: Date, now: Date): number {
  const waited = now.getTime() - since.getTime();
  return days.filter((day) => day * DAY_MS <= waited).length;
}

/** The step to send now, or null: the step reached, when it is later than the last one sent of this thing. */
export function stepToSend(days: readonly number[], since: Date, now: Date, lastSentStep: number): number | null {
  const step = reachedStep(days, since, now);
  return step > lastSentStep ? step : null;
}

/** Whether a reminder e-mail may go to a customer whose last one went at `lastEmailedAt` (null: never). */
export function mayEmailReminder(lastEmailedAt: Date | null, now: Date): boolean {
  return lastEmailedAt === null || now.getTime() - lastEmailedAt.getTime() >= REMINDER_EMAIL_GAP_MS;
}

/** The key of one thing in a customer's reminders: its kind and subject. */
export function thingKey(thing: { kind: string; subject: string }): string {
  return `${thing.kind}:${thing.subject}`;
}
