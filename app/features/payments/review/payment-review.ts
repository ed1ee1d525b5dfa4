import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { translate } from "~/lib/i18n/translate";
import { ERROR_CODES } from "~/lib/http/app-error";

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

/** The admin notes of a payment approved on receipt (Auto-approve Submissions on). */
export const AUTO_APPROVED_NOTE = "Approved automatically on receipt (Auto-approve Submissions is on)";

/** Trimmed notes, or null when there are none. */
export function normalizeNotes(notes: string | null | undefined): string | null {
  const trimmed = (notes ?? "").trim();
  return trimmed ? trimmed : null;
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
