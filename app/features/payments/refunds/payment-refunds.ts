import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { translate, zodMessage } from "~/lib/i18n/translate";
import { ERROR_CODES } from "~/lib/http/app-error";

/**
 * The rules of giving money back on a payment, pure: what is left to refund, whether a refund empties the payment,
 * the refund form and the customer's notification. Money is counted in whole cents so that 0.1 + 0.2 never
 * leaves a cent over.
 */

/** The admin payment card's Refund dialog posts this to the customer's page. */
export const REFUND_PAYMENT_INTENT = "refund-payment";

/** The longest refund reason accepted: the customer reads it in their notification and on their receipt. */
export const REFUND_REASON_MAX = 500;

/** Dollars (as the numeric columns give them) to whole cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** A refund row's state: a card refund is pending until Stripe confirms it, or failed when Stripe refused it. */
export type RefundStatus = "pending" | "completed" | "failed";

interface RefundablePayment {
  status: string;
  amount: number;
  refundedAmount: number;
}

/**
 * What is left to refund, in cents: what was charged, less the completed refunds and the card refunds still waiting
 * for Stripe's confirmation (those are promised already). Never below zero.
 */
export function remainingRefundCents(
  payment: Pick<RefundablePayment, "amount" | "refundedAmount">,
  pendingCents = 0,
): number {
  return Math.max(0, toCents(payment.amount) - toCents(payment.refundedAmount) - pendingCents);
}

/** Only a completed payment (possibly partly refunded already) with something left can be refunded. */
export function isRefundable(payment: RefundablePayment, pendingCents = 0): boolean {
  return payment.status === "completed" && remainingRefundCents(payment, pendingCents) > 0;
}

/** Whether refunding `cents` now gives the whole payment back, once every refund asked for is done. */
export function refundsInFull(
  payment: Pick<RefundablePayment, "amount" | "refundedAmount">,
  cents: number,
  pendingCents = 0,
): boolean {
  return cents > 0 && cents === remainingRefundCents(payment, pendingCents);
}

/** The stored status once `refundedCents` of the payment are given back: `refunded` when all of it. */
export function statusAfterRefunds(amount: number, refundedCents: number): "completed" | "refunded" {
  return refundedCents >= toCents(amount) ? "refunded" : "completed";
}

/** A refund row's state as the admin's card names it. */
export const REFUND_STATUS_LABEL: Record<RefundStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  completed: msg`Completed`,
  failed: msg`Failed`,
};

/** A money amount typed in the dialog: more than zero, at most two decimals. */
const refundAmount = z
  .number(zodMessage(msg`Enter the amount to refund`))
  .positive(zodMessage(msg`The refund must be more than $0`))
  .refine(
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    zodMessage(msg`Use at most two decimals (cents)`),
  );

const refundReason = z
  .string(zodMessage(msg`Please write the reason for the refund`))
  .trim()
  .min(1, zodMessage(msg`Please write the reason for the refund`))
  .max(REFUND_REASON_MAX, zodMessage(msg`The reason can be at most ${REFUND_REASON_MAX} characters`));

/** What a refund takes: the payment, how much (dollars) and why. */
export const refundPaymentSchema = z.object({
  paymentId: z.uuid({ message: "Invalid payment" }),
  amount: refundAmount,
  reason: refundReason,
});

export type RefundPaymentInput = z.input<typeof refundPaymentSchema>;

/** The Refund dialog's form as the action parses it: the refund, with its intent. */
export const refundFormSchema = refundPaymentSchema.extend({
  intent: z.literal(REFUND_PAYMENT_INTENT, { error: "Invalid request" }),
});

/**
 * The dialog's form as the browser checks it: also no more than what is left (the server checks it again under the
 * payment's lock, where a refund made meanwhile counts).
 */
export function refundDialogSchema(remainingCents: number) {
  return refundFormSchema.superRefine((value, ctx) => {
    if (toCents(value.amount) > remainingCents) {
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: translate(ERROR_CODES.refund_exceeds_remaining.message),
      });
    }
  });
}

/** The amount the dialog starts with: all that is left, as a person types it ('125' or '125.50'). */
export function amountText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/**
 * What the payment unlocks, which a full refund locks again: the first payment of a service opens its information
 * form; the website's second payment opens nothing (the customer is asked for it again).
 */
export function fullRefundConsequence(i18n: I18n, service: string | null, paymentNumber: number): string {
  // A care plan's monthly charge unlocks nothing: the plan goes on until it is cancelled.
  if (service === null)
    return i18n._(msg`This refunds the whole charge. The plan itself goes on until the customer cancels it.`);
  if (service === "google_business")
    return i18n._(msg`This refunds the whole payment: it will no longer unlock the Google Business Profile form.`);
  if (paymentNumber === 1)
    return i18n._(msg`This refunds the whole payment: it will no longer unlock the Website form.`);
  return i18n._(msg`This refunds the whole payment: the customer will be asked to pay it again.`);
}

/** What a full refund's e-mail adds: the page is locked again until the customer pays once more. */
export function fullRefundNextSteps(i18n: I18n): string {
  return i18n._(msg`The page this payment unlocked is locked again; you can pay again from it whenever you wish.`);
}
