import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * How a payment's status is shown. Stored statuses are pending, completed, rejected and refunded (given back in
 * full; a partly refunded payment stays completed); anything else shows as pending.
 */
export type PaymentStatus = "pending" | "completed" | "rejected" | "refunded";

export function displayStatus(status: string | null | undefined): PaymentStatus {
  return status === "completed" || status === "rejected" || status === "refunded" ? status : "pending";
}

/**
 * What a payment gate shows for the payment that unlocks a page (none yet, or its status). Only `completed` opens
 * it: a payment refunded in full locks the page again, and the customer may pay once more.
 */
export type GateState = "none" | PaymentStatus;

export function gateState(payment: { status: string } | null | undefined): GateState {
  return payment ? displayStatus(payment.status) : "none";
}

/** The customer's payment-status card's status words (Spanish: 'Pendiente', 'Completado', 'Rechazado', 'Reembolsado'). */
export const STATUS_LABEL: Record<PaymentStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  completed: msg`Completed`,
  rejected: msg`Rejected`,
  refunded: msg`Refunded`,
};

/** Admin badge colours: completed green, rejected red, refunded grey, anything else yellow. */
export const ADMIN_BADGE_TONE: Record<PaymentStatus, "green" | "red" | "yellow" | "gray"> = {
  pending: "yellow",
  completed: "green",
  rejected: "red",
  refunded: "gray",
};

/**
 * A payment's badge, for the customer and the admin alike: its status, except that a completed payment partly
 * given back says 'Partially refunded' (it still unlocks its page).
 */
export function statusBadge(payment: { status: string; refundedAmount?: number }): {
  label: MessageDescriptor;
  tone: "green" | "red" | "yellow" | "gray" | "blue";
} {
  const status = displayStatus(payment.status);
  if (status === "completed" && (payment.refundedAmount ?? 0) > 0)
    return { label: msg`Partially refunded`, tone: "blue" };
  return { label: STATUS_LABEL[status], tone: ADMIN_BADGE_TONE[status] };
}

/** The Website page's banner about payment 2, once payment 1 is completed. */
export type SecondPaymentBanner = "offer" | "pending" | "rejected" | "none";

export function secondPaymentBanner(payment2: { status: string } | null | undefined): SecondPaymentBanner {
  const state = gateState(payment2);
  // A second payment refunded in full is due again, as if it had never been made.
  if (state === "none" || state === "refunded") return "offer";
  if (state === "completed") return "none";
  return state;
}

/** The newest payment for a service and number among a customer's payments (they come newest first or not). */
export function latestPayment<
  T extends { serviceType: string | null; paymentNumber: number; createdAt: string | Date },
>(payments: readonly T[], serviceType: string, paymentNumber: number): T | undefined {
  let latest: T | undefined;
  for (const payment of payments) {
    if (payment.serviceType !== serviceType || payment.paymentNumber !== paymentNumber) continue;
    if (!latest || new Date(payment.createdAt) > new Date(latest.createdAt)) latest = payment;
  }
  return latest;
}
