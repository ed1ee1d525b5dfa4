import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { SERVICE_CATALOG, type ServiceType } from "~/domain/service-catalog";
import { servicePaymentNameIn, serviceTitleIn } from "~/domain/service-texts";
import { formatMoney } from "~/lib/i18n/format";

/**
 * The wording of the notifications (and their e-mails) about payments: a decision, a refund, a Zelle proof sent.
 * Each is worded when somebody reads it, in the reader's language (notification-texts.ts).
 */

/**
 * The note on a payment approved on receipt, as the customer reads it. The payment row keeps it in English
 * (payments' AUTO_APPROVED_NOTE): production builds strip a descriptor's English, so both are written.
 */
const AUTO_APPROVED_NOTE_TEXT = msg`Approved automatically on receipt (Auto-approve Submissions is on)`;

/** The notes the system writes on a payment, by key: the customer's notification stores the key and reads the note in their language. */
export const SYSTEM_PAYMENT_NOTES = {
  auto_approved: AUTO_APPROVED_NOTE_TEXT,
  proof_missing: msg`The proof of payment file was lost. Please upload it again.`,
} as const satisfies Record<string, MessageDescriptor>;

/** The payment a notification is about, as the customer reads it: 'Google Business Profile Setup', 'Website Development (Payment 2 of 2)'. */
function paidFor(i18n: I18n, { service, paymentNumber }: { service: ServiceType; paymentNumber: number }): string {
  const title = serviceTitleIn(i18n, service);
  const total = SERVICE_CATALOG[service].payments;
  return total > 1 ? i18n._(msg`${title} (Payment ${paymentNumber} of ${total})`) : title;
}

/**
 * The notification (and e-mail) the customer receives about the decision, in the customer's language, naming
 * the service paid for. Notes the system wrote (a descriptor: automatic approval, lost proof) are translated too;
 * an admin's own notes are quoted as typed.
 */
export function decisionNotification(
  i18n: I18n,
  decision: "approve" | "reject",
  notes: string | MessageDescriptor | null,
  payment: { service: ServiceType; paymentNumber: number },
): { title: string; message: string } {
  const approved = decision === "approve";
  const title = approved ? i18n._(msg`Payment Approved`) : i18n._(msg`Payment Rejected`);
  const what = paidFor(i18n, payment);
  if (!notes) {
    return {
      title,
      message: approved
        ? i18n._(msg`Your payment for ${what} has been approved`)
        : i18n._(msg`Your payment for ${what} has been rejected`),
    };
  }
  const adminNotes = typeof notes === "string" ? notes : i18n._(notes);
  return {
    title,
    message: approved
      ? i18n._(msg`Your payment for ${what} has been approved. Admin notes: ${adminNotes}`)
      : i18n._(msg`Your payment for ${what} has been rejected. Admin notes: ${adminNotes}`),
  };
}

/**
 * The reason written on a refund the portal did not ask for (made in Stripe's dashboard), stored in English like the
 * other notes the system writes; refundReasonIn words it in the reader's language.
 */
export const STRIPE_REFUND_REASON = "Refunded in Stripe";
const STRIPE_REFUND_REASON_TEXT = msg`Refunded in Stripe`;

/** A refund's reason in the reader's language: the system's own reason translated, an admin's as typed. */
export function refundReasonIn(i18n: I18n, reason: string): string {
  return reason === STRIPE_REFUND_REASON ? i18n._(STRIPE_REFUND_REASON_TEXT) : reason;
}

/** The customer's notification (and e-mail) when a refund is done, in their language. */
export function refundNotification(
  i18n: I18n,
  refund: {
    service?: ServiceType;
    plan?: { en: string; es: string };
    paymentNumber: number;
    amount: number;
    full: boolean;
    reason: string | null;
  },
): { title: string; message: string } {
  const what = refund.service
    ? paidFor(i18n, { service: refund.service, paymentNumber: refund.paymentNumber })
    : i18n.locale === "es"
      ? (refund.plan?.es ?? "")
      : (refund.plan?.en ?? "");
  const money = formatMoney(refund.amount, i18n.locale);
  const refunded = i18n._(msg`${money} of your payment for ${what} has been refunded.`);
  const message = refund.full ? `${refunded} ${i18n._(msg`The payment is now refunded in full.`)}` : refunded;
  const reason = refund.reason?.trim() ? refundReasonIn(i18n, refund.reason.trim()) : null;
  return {
    title: i18n._(msg`Payment Refunded`),
    message: reason ? `${message} ${i18n._(msg`Reason: ${reason}`)}` : message,
  };
}

/** The admins' notification when a customer sends a Zelle proof. */
export function proofNotificationMessage(
  i18n: I18n,
  profile: { fullName: string; companyName: string | null },
  service: ServiceType,
  paymentNumber: number,
  amount: number,
): string {
  const name = profile.fullName;
  const company = profile.companyName?.trim();
  const who = company ? i18n._(msg`${name} from ${company}`) : name;
  const what = servicePaymentNameIn(i18n, service, paymentNumber);
  const money = formatMoney(amount, i18n.locale);
  return i18n._(msg`${who} submitted a Zelle payment of ${money} for ${what}`);
}

/** The admins' notification title, in each admin's language (`i18n._(PROOF_NOTIFICATION_TITLE_TEXT)`). */
export const PROOF_NOTIFICATION_TITLE_TEXT = msg`New Payment Received (Zelle)`;
