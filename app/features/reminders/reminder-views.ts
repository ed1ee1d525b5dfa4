import type { ReminderKind } from "~/domain/reminder-schedules";
import type { ReminderNotificationData } from "~/features/notifications/reminder-notifications";

/** A reminder sent to a customer, as their page in the back office lists it. */
export interface SentReminderView {
  id: string;
  kind: ReminderKind;
  data: ReminderNotificationData;
  /** Its step in the schedule; 0 when a team member sent it by hand ('Send a reminder now'). */
  step: number;
  sentAt: string;
  /** Who sent it by hand (null: the schedule, or a former team member). */
  sentBy: string | null;
  emailed: boolean;
  /** When its e-mail's link was first opened; null: not yet (or read in the bell only). */
  openedAt: string | null;
}

/** A customer's reminders on their page: what waits on them now, what was sent, and whether reminders run. */
export interface CustomerRemindersView {
  waiting: { kind: ReminderKind; data: ReminderNotificationData; since: string }[];
  sent: SentReminderView[];
  pausedAt: string | null;
  /** The customer turned reminders off (their Profile page, or the e-mail's unsubscribe link). */
  optedOut: boolean;
}
