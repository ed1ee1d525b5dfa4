/**
 * What the product reminds a customer of, each kind with its schedule: the days after the moment the thing started
 * waiting on them on which a reminder goes out. The Reminders tab of the settings edits the days and turns a kind off.
 */
export const REMINDER_KINDS = [
  /** Signed up, nothing paid (counted from the sign-up). */
  "unpaid_signup",
  /** A service paid, its information form not sent (from the payment's completion). */
  "information_form",
  /** A round sent for approval, not decided (from the round). */
  "approval_round",
  /** The website's second payment, due once the site reached 'Review & Client Approval' (from that step). */
  "second_payment",
  /** A payment rejected and not sent again (from the rejection). */
  "rejected_payment",
  /** Messages from the agency not read (from the oldest unread one): one e-mail lists them. */
  "unread_messages",
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export function isReminderKind(value: unknown): value is ReminderKind {
  return typeof value === "string" && (REMINDER_KINDS as readonly string[]).includes(value);
}

/** The standard schedules, in days after the start of the wait. */
export const REMINDER_DEFAULT_DAYS: Record<ReminderKind, readonly number[]> = {
  unpaid_signup: [2, 7],
  information_form: [2, 5, 10],
  approval_round: [2, 5],
  second_payment: [3, 7, 14],
  rejected_payment: [3],
  unread_messages: [2],
};

/** A schedule's days: whole days from 1 to 90, at most five reminders of one thing. */
export const REMINDER_DAY_BOUNDS = { min: 1, max: 90 } as const;
export const REMINDER_MAX_STEPS = 5;

/** Where each kind's switch and days are kept in the settings' reminders section. */
export const REMINDER_SETTING_KEYS = {
  unpaid_signup: { on: "unpaidSignupOn", days: "unpaidSignupDays" },
  information_form: { on: "informationFormOn", days: "informationFormDays" },
  approval_round: { on: "approvalRoundOn", days: "approvalRoundDays" },
  second_payment: { on: "secondPaymentOn", days: "secondPaymentDays" },
  rejected_payment: { on: "rejectedPaymentOn", days: "rejectedPaymentDays" },
  unread_messages: { on: "unreadMessagesOn", days: "unreadMessagesDays" },
} as const satisfies Record<ReminderKind, { on: string; days: string }>;
