import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { englishI18n } from "../i18n/translate";

/**
 * Every refusal the server can answer, by code: its HTTP status and the message a person reads, in their
 * language. Use cases throw `new AppError("customer_not_found")`; the one answer function
 * (error-answer.server.ts) renders the message with the request's i18n instance. A new refusal is a new row
 * here, never an English sentence that a route compares or looks up.
 */
export const ERROR_CODES = {
  // Who is asking
  not_signed_in: { status: 401, message: msg`You must be logged in` },
  forbidden: { status: 403, message: msg`You don't have permission to do that` },
  // What the request carried
  invalid_request: { status: 400, message: msg`Invalid request` },
  invalid_input: { status: 400, message: msg`Invalid input` },
  unknown_intent: { status: 400, message: msg`Unknown action` },
  body_too_large: { status: 413, message: msg`Request body too large` },
  invalid_body: { status: 400, message: msg`Invalid request body` },
  json_required: { status: 415, message: msg`Content-Type must be application/json` },
  invalid_redirect: { status: 400, message: msg`That address is not a page of this site` },
  method_not_allowed: { status: 405, message: msg`Method not allowed` },
  invalid_period: { status: 400, message: msg`Enter the date as YYYY-MM-DD` },
  // What the request named
  not_found: { status: 404, message: msg`Not found` },
  customer_not_found: { status: 404, message: msg`Customer not found` },
  admin_not_found: { status: 404, message: msg`Team member not found` },
  profile_not_found: { status: 404, message: msg`Profile not found` },
  notification_not_found: { status: 404, message: msg`Notification not found` },
  note_not_found: { status: 404, message: msg`Note not found` },
  payment_not_found: { status: 404, message: msg`Payment not found` },
  receipt_not_found: { status: 404, message: msg`Receipt not found` },
  credential_not_found: { status: 404, message: msg`Credential not found` },
  credentials_not_found: { status: 404, message: msg`Credentials not found` },
  google_business_info_not_found: { status: 404, message: msg`Google Business information not found` },
  website_info_not_found: { status: 404, message: msg`Website information not found` },
  review_round_not_found: { status: 404, message: msg`Approval request not found` },
  delivered_file_not_found: { status: 404, message: msg`File not found` },
  member_not_found: { status: 404, message: msg`Team member not found` },
  invitation_not_found: { status: 404, message: msg`Invitation not found` },
  // The auth handler's refusals, as the sign-in, sign-up and reset forms word them from its answer's code
  // (app/features/auth/auth-refusals.ts): Better Auth answers in its own shape, so it never throws these.
  wrong_credentials: { status: 401, message: msg`Incorrect email or password` },
  account_locked: {
    status: 423,
    message: msg({
      message: "Too many failed sign-ins: this account is locked for {minutes} minutes. Please try again later.",
    }),
  },
  account_deactivated: { status: 403, message: msg`This account has been deactivated. Ask an admin of your team.` },
  sign_in_rate_limited: { status: 429, message: msg`Too many attempts. Please wait a minute and try again.` },
  sign_in_failed: { status: 500, message: msg`Error logging in` },
  email_registered: { status: 422, message: msg`This email is already registered` },
  sign_up_failed: { status: 400, message: msg`Error creating account` },
  reset_link_invalid: {
    status: 400,
    message: msg`This reset link is invalid or has expired. Please ask for a new one.`,
  },
  reset_rate_limited: { status: 429, message: msg`Too many attempts. Please try again later.` },
  // Reminders
  unsubscribe_link_invalid: {
    status: 400,
    message: msg`This unsubscribe link is not valid. Turn reminders off on your Profile page instead.`,
  },
  nothing_to_remind: {
    status: 409,
    message: msg`Nothing is waiting on this customer: there is nothing to remind them of.`,
  },
  reset_failed: { status: 500, message: msg`Something went wrong. Please try again.` },
  // Rules of the product
  password_too_common: { status: 400, message: msg`This password is too common. Choose one that is harder to guess.` },
  current_password_wrong: { status: 400, message: msg`Current password is incorrect` },
  own_two_factor_reset: { status: 400, message: msg`You cannot reset your own two-factor authentication` },
  payment_required: { status: 403, message: msg`Payment required to continue` },
  payment_already_reviewed: { status: 409, message: msg`This payment has already been reviewed` },
  payment_already_paid: { status: 409, message: msg({ message: "{payment} is already paid" }) },
  payment_pending_review: {
    status: 409,
    message: msg({ message: "A payment for {payment} is already pending review" }),
  },
  rejection_reason_required: {
    status: 400,
    message: msg`Please write the reason for the rejection: the customer reads it`,
  },
  proof_not_replaceable: { status: 409, message: msg`Only the latest rejected Zelle transfer can get a new proof` },
  payment_out_of_order: {
    status: 400,
    message: msg({ message: "Payment {previous} of {total} must be completed before payment {number}" }),
  },
  card_payments_not_configured: { status: 503, message: msg`Card payments are not configured` },
  card_webhook_not_configured: { status: 503, message: msg`Card payment webhooks are not configured` },
  card_checkout_rate_limited: {
    status: 429,
    message: msg`Too many payment attempts. Please wait a few minutes and try again.`,
  },
  card_checkout_failed: { status: 502, message: msg`Error creating payment session` },
  webhook_signature_missing: { status: 400, message: msg`Missing Stripe-Signature header` },
  webhook_signature_invalid: { status: 400, message: msg`Invalid webhook signature` },
  payment_not_refundable: {
    status: 409,
    message: msg`Only a completed payment with something left to refund can be refunded`,
  },
  refund_exceeds_remaining: {
    status: 409,
    message: msg`The refund is more than what is left to refund on this payment`,
  },
  card_refund_failed: {
    status: 502,
    message: msg`Stripe did not accept the refund. Nothing was refunded; please try again or refund it in Stripe.`,
  },
  kept_photo_unknown: { status: 400, message: msg`A photo you kept is not one of your saved photos` },
  message_empty: { status: 400, message: msg`Write a message or attach a file` },
  message_too_long: { status: 400, message: msg`A message can be at most 5,000 characters` },
  message_rate_limited: {
    status: 429,
    message: msg`You are sending messages too quickly. Please wait a minute and try again.`,
  },
  review_round_decided: { status: 409, message: msg`This approval request has already been answered` },
  kept_note_photo_unknown: { status: 400, message: msg`A photo you kept is not one of this note's photos` },
  // A customer's data: one export a day, each downloadable by them alone for 24 hours.
  data_export_daily_limit: {
    status: 429,
    message: msg`You can export your data once a day. Please try again 24 hours after your last export.`,
  },
  data_export_not_found: { status: 404, message: msg`Export not found` },
  data_export_expired: {
    status: 410,
    message: msg`This download has expired and its file was deleted. You can ask for a new export on your Profile page.`,
  },
  password_confirm_rate_limited: {
    status: 429,
    message: msg`Too many wrong passwords. Please wait a few minutes and try again.`,
  },
  // Closing an account: the customer's own (their password and the word DELETE), or an admin's.
  deletion_not_confirmed: { status: 400, message: msg`Type DELETE to confirm` },
  deletion_reason_required: { status: 400, message: msg`Please write the reason` },
  deletion_request_not_found: { status: 404, message: msg`Deletion request not found` },
  deletion_request_decided: { status: 409, message: msg`This deletion request has already been answered` },
  // Promotion codes: a customer reads the same message whatever made a code unusable (they learn no code's state).
  promotion_code_invalid: { status: 400, message: msg`Invalid or expired code` },
  promotion_code_rate_limited: {
    status: 429,
    message: msg`Too many codes tried. Please wait a few minutes and try again.`,
  },
  promotion_code_taken: {
    status: 409,
    message: msg`A code with this name already exists (codes are matched without regard to case)`,
  },
  promotion_code_not_found: { status: 404, message: msg`Promotion code not found` },
  // The team
  member_not_active: { status: 400, message: msg`Choose active team members only` },
  email_taken: { status: 409, message: msg`An account with this email address already exists` },
  invitation_pending: {
    status: 409,
    message: msg`This address already has an open invitation: resend it from the list instead`,
  },
  invitation_invalid: {
    status: 410,
    message: msg`This invitation link is no longer valid. Ask an admin of your team for a new one.`,
  },
  last_admin: { status: 409, message: msg`The last active admin cannot be demoted or deactivated` },
  own_deactivation: { status: 400, message: msg`You cannot deactivate your own account` },
  // Leads (a staff member reaches only the leads assigned to them, as with customers)
  lead_not_found: { status: 404, message: msg`Lead not found` },
  lost_reason_required: { status: 400, message: msg`Say why the lead was lost` },
  lead_note_required: { status: 400, message: msg`Write the note first` },
  lead_without_email: {
    status: 409,
    message: msg`This lead left no e-mail address: call or text them instead`,
  },
  lead_already_customer: { status: 409, message: msg`This lead is already linked to a customer account` },
  lead_has_account: {
    status: 409,
    message: msg`An account with this lead's e-mail address already exists`,
  },
  // Care plans (card only: every one goes through the card provider)
  plan_not_found: { status: 404, message: msg`Plan not found` },
  plan_not_offered: { status: 409, message: msg`This plan is not offered to you` },
  plan_already_held: { status: 409, message: msg`You already have this plan` },
  plan_subscription_not_found: { status: 404, message: msg`Subscription not found` },
  plan_already_ended: { status: 409, message: msg`This plan has already ended` },
  plan_provider_failed: {
    status: 502,
    message: msg`The card provider could not be reached. Please try again in a moment.`,
  },
  no_billing_account: { status: 404, message: msg`You have no card on file with us yet` },
  // Uploads: each kind of upload words these its own way (app/domain/upload-kinds.ts), passed as the message.
  upload_missing: { status: 400, message: msg`Please select an image file` },
  upload_not_image: { status: 400, message: msg`Please select an image file` },
  upload_too_large: { status: 413, message: msg`Request body too large` },
  upload_too_many: { status: 400, message: msg`Too many files` },
  upload_failed: { status: 500, message: msg`Failed to upload file` },
  // The server's side
  not_saved: { status: 500, message: msg`The information was not saved` },
  note_not_saved: { status: 500, message: msg`Failed to save note` },
  internal: { status: 500, message: msg`Something went wrong` },
  maintenance: { status: 503, message: msg`The platform is under maintenance. Please try again later.` },
  live_streams_exceeded: { status: 429, message: msg`Too many live streams open for this account` },
  shutting_down: { status: 503, message: msg`Shutting down; reconnect` },
  unavailable: { status: 503, message: msg`The service is temporarily unavailable. Please try again in a moment.` },
} as const satisfies Record<string, { status: number; message: MessageDescriptor }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The heading of the page that says `unavailable` (the database is down) to a browser. */
export const UNAVAILABLE_TITLE = msg`Temporarily unavailable`;

/** A placeholder's value: plain, or worded in the reader's language when the answer is written. */
type ErrorValue = string | number | ((i18n: I18n) => string);

export interface AppErrorOptions {
  /** When the thrower knows better than the code's row (the same refusal is 404 on one page, 409 on another). */
  status?: number;
  /** The code's text worded for this case (an upload kind's own message), still a message of the catalog. */
  message?: MessageDescriptor;
  /** The message's placeholders. */
  values?: Record<string, ErrorValue>;
  /**
   * A message already in the request's language: the first issue of a shared zod schema parsed on the server
   * (its messages are read through `translate`, which follows the request's language there).
   */
  detail?: string;
  /** The form field the refusal is about, so the form can show it beside that field as well as in the toast. */
  field?: string;
}

/**
 * A refusal with its code; the one answer function renders it in the request's language. Its `message` is the
 * English text, for logs (the server's shared Lingui instance is English).
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    super(options.detail ?? render(englishI18n(), options.message ?? ERROR_CODES[code].message, options.values));
    this.status = options.status ?? ERROR_CODES[code].status;
  }
}

function render(i18n: I18n, message: MessageDescriptor, values: Record<string, ErrorValue> = {}): string {
  const resolved = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === "function" ? value(i18n) : value]),
  );
  return i18n._(message.id, resolved, { message: message.message });
}

/** A code's message in this language, with its placeholders' values (a refusal that arrived as its code and data). */
export function codeMessage(i18n: I18n, code: ErrorCode, values?: Record<string, ErrorValue>): string {
  return render(i18n, ERROR_CODES[code].message, values);
}

/** The refusal's message in this language. */
export function refusalMessage(error: AppError, i18n: I18n): string {
  return (
    error.options.detail ?? render(i18n, error.options.message ?? ERROR_CODES[error.code].message, error.options.values)
  );
}
