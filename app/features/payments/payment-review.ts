import { z } from "zod";
import { SERVICE_CATALOG, isServiceType } from "~/lib/service-catalog";

/** The longest payment admin note accepted (the spec sets none; this keeps a notification readable). */
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

/** The admin payment card's form: the decision, posted with `intent=decide` to the customer detail page. */
export const decisionFormSchema = paymentDecisionSchema.extend({
  intent: z.literal("decide", { error: "Invalid request" }),
});

export const DECISION_STATUS = { approve: "completed", reject: "rejected" } as const;

/** Trimmed notes, or null when there are none. */
/** The admin notes of a payment approved on receipt (Auto-approve Submissions on). */
export const AUTO_APPROVED_NOTE = "Approved automatically on receipt (Auto-approve Submissions is on)";

export function normalizeNotes(notes: string | null | undefined): string | null {
  const trimmed = (notes ?? "").trim();
  return trimmed ? trimmed : null;
}

/** The notification the customer receives about the decision (section 7 of the spec). */
export function decisionNotification(decision: PaymentDecision, notes: string | null): { title: string; message: string } {
  const approved = decision === "approve";
  const message = `Your payment has been ${approved ? "approved" : "rejected"}`;
  return {
    title: approved ? "Payment Approved" : "Payment Rejected",
    message: notes ? `${message}. Admin notes: ${notes}` : message,
  };
}

/** The admin toast after a decision: 'Status Updated' / 'Payment has been approved' (or 'rejected'). */
export function decisionToast(decision: PaymentDecision): { title: string; description: string } {
  return { title: "Status Updated", description: `Payment has been ${decision === "approve" ? "approved" : "rejected"}` };
}

/** An admin payment card's title: 'Service Payment' for the one-payment Google service, else 'Payment N of 2'. */
export function adminPaymentTitle(serviceType: string, paymentNumber: number): string {
  if (serviceType === "google_business") return "Service Payment";
  const payments = isServiceType(serviceType) ? SERVICE_CATALOG[serviceType].payments : 2;
  return `Payment ${paymentNumber} of ${payments}`;
}

export const ALREADY_REVIEWED = "This payment has already been reviewed";
