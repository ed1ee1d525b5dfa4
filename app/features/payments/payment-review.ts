import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { translate } from "~/lib/i18n/translate";
import { ERROR_CODES } from "~/lib/http/app-error";
import { SERVICE_CATALOG, type ServiceType } from "~/domain/service-catalog";
import { serviceTitleIn } from "~/domain/service-texts";

/** The longest payment admin note accepted (the notes are quoted in the customer's notification; this keeps it readable). */
export const ADMIN_NOTES_MAX = 2000;

export type PaymentDecision = "approve" | "reject";

/** What the admin's Approve or Reject button posts; notes are optional and stored as null when empty. */
export const paymentDecisionSchema = z.object({
  paymentId: z.uuid({ message: "Invalid payment" }),
  decision: z.enum(["approve", "reject"], { message: "Invalid decision" }),
  notes: z
    .string()
    .max(ADMIN_NOTES_MAX, { message: `Admin notes must be less than ${ADMIN_NOTES_MAX} characters` })
    .optional()
    .default(""),
});

export type PaymentDecisionInput = z.input<typeof paymentDecisionSchema>;

/** The admin payment card's form's intent, posted to the customer detail page or the dashboard's work queue. */
export const DECIDE_PAYMENT_INTENT = "decide";

/**
 * A rejection tells the customer why (they read the note in their notification and on their payment), so it needs
 * one; an approval's note stays optional.
 */
export function lacksRejectionReason(decision: PaymentDecision, notes: string | null | undefined): boolean {
  return decision === "reject" && normalizeNotes(notes) === null;
}

/** The admin payment card's form: the decision, with its intent. */
export const decisionFormSchema = paymentDecisionSchema.extend({
  intent: z.literal(DECIDE_PAYMENT_INTENT, { error: "Invalid request" }),
});

/**
 * The rejection dialog's form, as the browser checks it: the reason is required there before anything is sent.
 * The server parses it as any decision (decisionFormSchema) and refuses a missing reason with its own code.
 */
export const rejectionFormSchema = decisionFormSchema.superRefine((value, ctx) => {
  if (lacksRejectionReason(value.decision, value.notes)) {
    ctx.addIssue({
      code: "custom",
      path: ["notes"],
      message: translate(ERROR_CODES.rejection_reason_required.message),
    });
  }
});
export const DECISION_STATUS = { approve: "completed", reject: "rejected" } as const;

/** Trimmed notes, or null when there are none. */
/** The admin notes of a payment approved on receipt (Auto-approve Submissions on). */
export const AUTO_APPROVED_NOTE = "Approved automatically on receipt (Auto-approve Submissions is on)";
/** The same note in the customer's notification, translated (production builds strip a descriptor's English: keep both). */
export const AUTO_APPROVED_NOTE_TEXT = msg`Approved automatically on receipt (Auto-approve Submissions is on)`;

export function normalizeNotes(notes: string | null | undefined): string | null {
  const trimmed = (notes ?? "").trim();
  return trimmed ? trimmed : null;
}

/** The notes the system writes on a payment, by key: the customer's notification stores the key and reads the note in their language. */
export const SYSTEM_PAYMENT_NOTES = {
  auto_approved: AUTO_APPROVED_NOTE_TEXT,
  proof_missing: msg`The proof of payment file was lost. Please upload it again.`,
} as const satisfies Record<string, MessageDescriptor>;

/** The payment a decision is about, as the customer reads it: 'Google Business Profile Setup', 'Website Development (Payment 2 of 2)'. */
function decidedPayment(
  i18n: I18n,
  { service, paymentNumber }: { service: ServiceType; paymentNumber: number },
): string {
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
  decision: PaymentDecision,
  notes: string | MessageDescriptor | null,
  payment: { service: ServiceType; paymentNumber: number },
): { title: string; message: string } {
  const approved = decision === "approve";
  const title = approved ? i18n._(msg`Payment Approved`) : i18n._(msg`Payment Rejected`);
  const what = decidedPayment(i18n, payment);
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
 * What a rejection's e-mail adds: the transfer can get a new proof (the same payment, no second transfer) or be paid
 * again, on the page that asks for it.
 */
export function rejectionNextSteps(i18n: I18n): string {
  return i18n._(msg`You can upload a new proof of the same transfer (no second payment), or pay again.`);
}

/** The admin toast after a decision: 'Status Updated' / 'Payment has been approved' (or 'rejected'). */
export function decisionToast(decision: PaymentDecision): { title: string; description: string } {
  return {
    title: "Status Updated",
    description: `Payment has been ${decision === "approve" ? "approved" : "rejected"}`,
  };
}
