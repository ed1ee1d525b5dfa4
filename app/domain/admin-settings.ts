import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { zodMessage } from "~/lib/i18n/translate";
import {
  REMINDER_DAY_BOUNDS,
  REMINDER_DEFAULT_DAYS,
  REMINDER_KINDS,
  REMINDER_MAX_STEPS,
  REMINDER_SETTING_KEYS,
  type ReminderKind,
} from "./reminder-schedules";

/**
 * The admin settings screen: its editable sections, stored as one JSON
 * value. Pure and browser-safe: the forms validate with these schemas, the server parses stored values
 * with them (a missing or unreadable value takes its default).
 */

export const SESSION_DURATION_BOUNDS = { min: 5, max: 1440 } as const;
export const LOGIN_ATTEMPT_BOUNDS = { min: 3, max: 20 } as const;

/**
 * How many days the Database tab may keep each kind of record. Read notifications and finished e-mails from a week
 * (the customer has seen them; an e-mail's copy is only for tracing a complaint) to ten years. Audit events from 90
 * days: the activity log is how the agency shows who revealed a secret or erased an account, so it is never cut to
 * a few weeks by a slip of the keyboard.
 */
export const RETENTION_BOUNDS = {
  readNotificationsDays: { min: 7, max: 3650 },
  auditEventsDays: { min: 90, max: 3650 },
  sentEmailsDays: { min: 7, max: 3650 },
  lostLeadsDays: { min: 30, max: 3650 },
} as const;

/** Six months of read notifications, two years of audit events, three months of sent e-mails, a year of lost leads. */
export const RETENTION_DEFAULTS = {
  readNotificationsDays: 180,
  auditEventsDays: 730,
  sentEmailsDays: 90,
  lostLeadsDays: 365,
} as const;

/** A switch as a form sends it: a checked checkbox sends "on", an unchecked one nothing. */
const formSwitch = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

type ZodMessage = ReturnType<typeof zodMessage>;

const wholeNumber = (bounds: { min: number; max: number }, message: ZodMessage) =>
  z.coerce.number(message).int(message).min(bounds.min, message).max(bounds.max, message);

// In the page's language when the browser checks a form, in the request's on the server.
const { min: minMinutes, max: maxMinutes } = SESSION_DURATION_BOUNDS;
const { min: minAttempts, max: maxAttempts } = LOGIN_ATTEMPT_BOUNDS;
const COMPANY_NAME = zodMessage(msg`Company name is required (at most 100 characters)`);
const SUPPORT_EMAIL = zodMessage(msg`Please enter a valid support email`);
const ZELLE_RECIPIENT = zodMessage(msg`Zelle recipient name must be at most 100 characters`);
const REPLY_TIME = zodMessage(msg`The reply time line must be at most 200 characters`);
const REVIEW_LINK = zodMessage(msg`The review link must be a whole address starting with https://`);
const BOOKING_LINK = zodMessage(msg`The booking link must be a whole address starting with https://`);
const ASSIGNEE = zodMessage(msg`Choose an active team member, or Nobody`);
const COMPANY_ADDRESS = zodMessage(msg`The company address must be at most 300 characters`);
const TAX_ID = zodMessage(msg`The tax ID must be at most 50 characters`);

/** The longest Company Address the General tab takes: a few lines of a postal address. */
export const COMPANY_ADDRESS_MAX_LENGTH = 300;
/** The longest Tax ID (an EIN is 10 characters; a foreign VAT number a few more). */
export const TAX_ID_MAX_LENGTH = 50;

/** The longest reply-time line the Messages page shows under 'No messages yet'. */
export const REPLY_TIME_MAX_LENGTH = 200;

/** The longest Review Link the General tab takes: any real review address is far shorter. */
export const REVIEW_LINK_MAX_LENGTH = 2000;

export const generalSettingsSchema = z.object({
  maintenanceMode: formSwitch,
  autoApproveSubmissions: formSwitch,
  companyName: z.string(COMPANY_NAME).trim().min(1, COMPANY_NAME).max(100, COMPANY_NAME),
  supportEmail: z.string(SUPPORT_EMAIL).trim().max(254, SUPPORT_EMAIL).pipe(z.email(SUPPORT_EMAIL)),
  /** The name on the account that receives Zelle transfers, as the payment dialog shows it; empty: the company name. */
  zelleRecipientName: z.string(ZELLE_RECIPIENT).trim().max(100, ZELLE_RECIPIENT).optional().default(""),
  /** The line under an empty conversation saying when the team answers; empty: the standard one, in the reader's language. */
  messagesReplyTime: z.string(REPLY_TIME).trim().max(REPLY_TIME_MAX_LENGTH, REPLY_TIME).optional().default(""),
  /** Where a customer leaves the agency a review (its Google review link); empty: no review requests are sent. */
  reviewLink: z
    .string(REVIEW_LINK)
    .trim()
    .max(REVIEW_LINK_MAX_LENGTH, REVIEW_LINK)
    .pipe(z.union([z.literal(""), z.url({ protocol: /^https$/, hostname: z.regexes.domain, ...REVIEW_LINK })]))
    .optional()
    .default(""),
  /** Where a visitor books a call with the agency (a scheduling page), offered once they sent a quote request; empty: none. */
  bookingLink: z
    .string(BOOKING_LINK)
    .trim()
    .max(REVIEW_LINK_MAX_LENGTH, BOOKING_LINK)
    .pipe(z.union([z.literal(""), z.url({ protocol: /^https$/, hostname: z.regexes.domain, ...BOOKING_LINK })]))
    .optional()
    .default(""),
  /**
   * The team member a customer who signs up is assigned to (an id; empty: nobody). Whether it names an active member
   * is checked on save and again at each sign-up: a member deactivated since is ignored.
   */
  assignNewCustomersTo: z
    .string(ASSIGNEE)
    .trim()
    .pipe(z.union([z.literal(""), z.uuid(ASSIGNEE)]))
    .optional()
    .default(""),
  /** The agency's postal address, printed on receipts (several lines); empty: receipts show none. */
  companyAddress: z
    .string(COMPANY_ADDRESS)
    .trim()
    .max(COMPANY_ADDRESS_MAX_LENGTH, COMPANY_ADDRESS)
    // One kind of line break whatever the browser sent, and no blank lines in the middle.
    .transform((value) =>
      value
        .split(/\r\n?|\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .join("\n"),
    )
    .optional()
    .default(""),
  /** The agency's tax id (an EIN), printed on receipts as 'Tax ID: ...'; empty: receipts show none. */
  taxId: z.string(TAX_ID).trim().max(TAX_ID_MAX_LENGTH, TAX_ID).optional().default(""),
});

export const notificationSettingsSchema = z.object({
  emailNotifications: formSwitch,
  pushNotifications: formSwitch,
  newUserRegistration: formSwitch,
  newSubmission: formSwitch,
  profileUpdates: formSwitch,
  systemErrors: formSwitch,
  newMessage: formSwitch,
  newLead: formSwitch,
});

const { min: minNotificationDays, max: maxNotificationDays } = RETENTION_BOUNDS.readNotificationsDays;
const { min: minAuditDays, max: maxAuditDays } = RETENTION_BOUNDS.auditEventsDays;
const { min: minEmailDays, max: maxEmailDays } = RETENTION_BOUNDS.sentEmailsDays;
const { min: minLostLeadDays, max: maxLostLeadDays } = RETENTION_BOUNDS.lostLeadsDays;

/** The Database tab's retention: whole days each kind of record is kept before the daily clean-up removes it. */
export const retentionSettingsSchema = z.object({
  readNotificationsDays: wholeNumber(
    RETENTION_BOUNDS.readNotificationsDays,
    zodMessage(
      msg`Keep read notifications for a whole number of days from ${minNotificationDays} to ${maxNotificationDays}`,
    ),
  ),
  auditEventsDays: wholeNumber(
    RETENTION_BOUNDS.auditEventsDays,
    zodMessage(msg`Keep audit events for a whole number of days from ${minAuditDays} to ${maxAuditDays}`),
  ),
  sentEmailsDays: wholeNumber(
    RETENTION_BOUNDS.sentEmailsDays,
    zodMessage(msg`Keep sent e-mails for a whole number of days from ${minEmailDays} to ${maxEmailDays}`),
  ),
  lostLeadsDays: wholeNumber(
    RETENTION_BOUNDS.lostLeadsDays,
    zodMessage(msg`Keep lost leads for a whole number of days from ${minLostLeadDays} to ${maxLostLeadDays}`),
  ),
});

const { min: minReminderDay, max: maxReminderDay } = REMINDER_DAY_BOUNDS;
const REMINDER_DAYS = zodMessage(
  msg`Reminder days are whole numbers from ${minReminderDay} to ${maxReminderDay}, separated by commas (at most ${REMINDER_MAX_STEPS})`,
);

/**
 * A schedule's days as the Reminders tab sends them ("2, 7") or as stored ([2, 7]): read in order, each day once.
 */
const reminderDays = z
  .preprocess(
    (value) => (typeof value === "string" ? value.split(/[\s,]+/).filter(Boolean) : value),
    z
      .array(
        z.coerce
          .number(REMINDER_DAYS)
          .int(REMINDER_DAYS)
          .min(minReminderDay, REMINDER_DAYS)
          .max(maxReminderDay, REMINDER_DAYS),
        REMINDER_DAYS,
      )
      .min(1, REMINDER_DAYS),
  )
  .transform((days) => [...new Set(days)].sort((a, b) => a - b))
  .pipe(z.array(z.number()).max(REMINDER_MAX_STEPS, REMINDER_DAYS));

/** The Reminders tab: each kind of reminder on or off, and the days after the wait began on which it goes out. */
export const reminderSettingsSchema = z.object({
  unpaidSignupOn: formSwitch,
  unpaidSignupDays: reminderDays,
  informationFormOn: formSwitch,
  informationFormDays: reminderDays,
  approvalRoundOn: formSwitch,
  approvalRoundDays: reminderDays,
  secondPaymentOn: formSwitch,
  secondPaymentDays: reminderDays,
  rejectedPaymentOn: formSwitch,
  rejectedPaymentDays: reminderDays,
  unreadMessagesOn: formSwitch,
  unreadMessagesDays: reminderDays,
});
export type ReminderSettings = z.output<typeof reminderSettingsSchema>;

/** One kind's schedule in the settings: whether it is on, and its days. */
export function reminderSchedule(settings: ReminderSettings, kind: ReminderKind): { on: boolean; days: number[] } {
  const keys = REMINDER_SETTING_KEYS[kind];
  return { on: settings[keys.on], days: settings[keys.days] };
}

function defaultReminderSettings(): ReminderSettings {
  return Object.fromEntries(
    REMINDER_KINDS.flatMap((kind) => [
      [REMINDER_SETTING_KEYS[kind].on, true],
      [REMINDER_SETTING_KEYS[kind].days, [...REMINDER_DEFAULT_DAYS[kind]]],
    ]),
  ) as ReminderSettings;
}

export const securitySettingsSchema = z.object({
  twoFactor: formSwitch,
  sessionTimeout: formSwitch,
  sessionDurationMinutes: wholeNumber(
    SESSION_DURATION_BOUNDS,
    zodMessage(msg`Session duration must be a whole number of minutes from ${minMinutes} to ${maxMinutes}`),
  ),
  maxLoginAttempts: wholeNumber(
    LOGIN_ATTEMPT_BOUNDS,
    zodMessage(msg`Max login attempts must be a whole number from ${minAttempts} to ${maxAttempts}`),
  ),
});

/** The longest text a legal page may have: far above a real policy, far below what would slow the page. */
export const LEGAL_TEXT_MAX_LENGTH = 20_000;
const legalMax = LEGAL_TEXT_MAX_LENGTH.toLocaleString("en-US");

const legalText = (message: ZodMessage) => z.string(message).trim().min(1, message).max(LEGAL_TEXT_MAX_LENGTH, message);

/** The legal pages, each with a text in English and one in Spanish. */
export const LEGAL_PAGE_KEYS = ["privacyPolicy", "termsOfService", "refundPolicy"] as const;
export type LegalPageKey = (typeof LEGAL_PAGE_KEYS)[number];
/** A legal page's text in one language: the English one under the page's key, the Spanish one with `Es` added. */
export type LegalTextKey = LegalPageKey | `${LegalPageKey}Es`;

/** Where a page's text in a language is kept (and the Legal tab's field for it). */
export function legalTextKey(page: LegalPageKey, locale: "en" | "es"): LegalTextKey {
  return locale === "es" ? `${page}Es` : page;
}

/** The Legal tab as the admin fills it in: each page's text in each language, plain, paragraphs separated by a blank line. */
export const legalSettingsFormSchema = z.object({
  privacyPolicy: legalText(zodMessage(msg`Privacy Policy text is required (at most ${legalMax} characters)`)),
  termsOfService: legalText(zodMessage(msg`Terms of Service text is required (at most ${legalMax} characters)`)),
  refundPolicy: legalText(zodMessage(msg`Refund Policy text is required (at most ${legalMax} characters)`)),
  privacyPolicyEs: legalText(
    zodMessage(msg`The Spanish Privacy Policy text is required (at most ${legalMax} characters)`),
  ),
  termsOfServiceEs: legalText(
    zodMessage(msg`The Spanish Terms of Service text is required (at most ${legalMax} characters)`),
  ),
  refundPolicyEs: legalText(
    zodMessage(msg`The Spanish Refund Policy text is required (at most ${legalMax} characters)`),
  ),
});

/**
 * The Legal tab as stored: an empty text means the standard one in that language (app/features/legal/legal-texts.ts),
 * which follows the company name and support e-mail in force; any other text is shown as written, on its language's
 * page only. (A text saved before the pages had one per language is the English one.)
 */
const storedLegalText = z.union([z.literal(""), z.string().trim().min(1).max(LEGAL_TEXT_MAX_LENGTH)]);
const legalSettingsSchema = z.object({
  privacyPolicy: storedLegalText,
  termsOfService: storedLegalText,
  refundPolicy: storedLegalText,
  privacyPolicyEs: storedLegalText,
  termsOfServiceEs: storedLegalText,
  refundPolicyEs: storedLegalText,
});

type GeneralSettings = z.output<typeof generalSettingsSchema>;
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;
type SecuritySettings = z.output<typeof securitySettingsSchema>;
type LegalSettings = z.output<typeof legalSettingsSchema>;
export type RetentionSettings = z.output<typeof retentionSettingsSchema>;

export interface AdminSettings {
  general: GeneralSettings;
  notifications: NotificationSettings;
  security: SecuritySettings;
  legal: LegalSettings;
  retention: RetentionSettings;
  reminders: ReminderSettings;
}

export const SETTINGS_SECTIONS = {
  general: generalSettingsSchema,
  notifications: notificationSettingsSchema,
  security: securitySettingsSchema,
  legal: legalSettingsSchema,
  retention: retentionSettingsSchema,
  reminders: reminderSettingsSchema,
} as const;
export type SettingsSection = keyof typeof SETTINGS_SECTIONS;

export function isSettingsSection(value: unknown): value is SettingsSection {
  return typeof value === "string" && Object.hasOwn(SETTINGS_SECTIONS, value);
}

/** The values from the environment a fresh database starts with (README: ADMIN_SESSION_IDLE_MINUTES...). */
export interface SettingsSeed {
  companyName: string;
  supportEmail: string;
  sessionDurationMinutes: number;
  maxLoginAttempts: number;
}

/** The defaults: every notification event on but System errors; Email and Push on. */
export function defaultSettings(seed: SettingsSeed): AdminSettings {
  return {
    general: {
      maintenanceMode: false,
      autoApproveSubmissions: false,
      companyName: seed.companyName,
      supportEmail: seed.supportEmail,
      zelleRecipientName: "",
      messagesReplyTime: "",
      reviewLink: "",
      bookingLink: "",
      assignNewCustomersTo: "",
      companyAddress: "",
      taxId: "",
    },
    notifications: {
      emailNotifications: true,
      pushNotifications: true,
      newUserRegistration: true,
      newSubmission: true,
      profileUpdates: true,
      systemErrors: false,
      newMessage: true,
      newLead: true,
    },
    security: {
      twoFactor: false,
      sessionTimeout: true,
      sessionDurationMinutes: clamp(seed.sessionDurationMinutes, SESSION_DURATION_BOUNDS),
      maxLoginAttempts: clamp(seed.maxLoginAttempts, LOGIN_ATTEMPT_BOUNDS),
    },
    legal: {
      privacyPolicy: "",
      termsOfService: "",
      refundPolicy: "",
      privacyPolicyEs: "",
      termsOfServiceEs: "",
      refundPolicyEs: "",
    },
    retention: { ...RETENTION_DEFAULTS },
    reminders: defaultReminderSettings(),
  };
}

function clamp(value: number, { min, max }: { min: number; max: number }): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}

/**
 * The stored JSON read against the defaults, section by section and value by value: a value that is
 * missing or no longer valid takes its default, so one bad value never hides the others.
 */
export function settingsFromStored(stored: unknown, defaults: AdminSettings): AdminSettings {
  const source = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const result = structuredClone(defaults);
  for (const section of Object.keys(SETTINGS_SECTIONS) as SettingsSection[]) {
    const values = source[section];
    if (!values || typeof values !== "object") continue;
    const shape = SETTINGS_SECTIONS[section].shape as Record<string, z.ZodType>;
    const target = result[section] as Record<string, unknown>;
    for (const [key, schema] of Object.entries(shape)) {
      const value = (values as Record<string, unknown>)[key];
      if (value === undefined) continue;
      const parsed = schema.safeParse(value);
      if (parsed.success) target[key] = parsed.data;
    }
  }
  return result;
}

/** Whom customers send Zelle transfers to: the General setting's Zelle Recipient Name, else the company name. */
export function zelleRecipientName(general: Pick<GeneralSettings, "companyName" | "zelleRecipientName">): string {
  return general.zelleRecipientName.trim() || general.companyName;
}

/** The admin notification events the Notifications tab switches. */
export type AdminNotificationEvent =
  | "newUserRegistration"
  | "newSubmission"
  | "profileUpdates"
  | "systemErrors"
  | "newMessage"
  | "newLead";

/** Whether admins get in-app notifications of this event: Push Notifications on and the event's switch on. */
export function notifiesAdmins(settings: NotificationSettings, event: AdminNotificationEvent): boolean {
  return settings.pushNotifications && settings[event];
}
