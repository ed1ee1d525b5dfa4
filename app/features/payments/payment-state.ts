import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** How a payment's status is shown. Stored statuses are pending, completed and rejected; anything else shows as pending. */
export type PaymentStatus = "pending" | "completed" | "rejected";

export function displayStatus(status: string | null | undefined): PaymentStatus {
  return status === "completed" || status === "rejected" ? status : "pending";
}

/** What a payment gate shows for the payment that unlocks a page (none yet, or its status). */
export type GateState = "none" | PaymentStatus;

export function gateState(payment: { status: string } | null | undefined): GateState {
  return payment ? displayStatus(payment.status) : "none";
}

/** The customer's payment-status card's status words (Spanish: 'Pendiente', 'Completado', 'Rechazado'). */
export const STATUS_LABEL: Record<PaymentStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  completed: msg`Completed`,
  rejected: msg`Rejected`,
};

/** Admin badge colours: completed green, rejected red, anything else yellow. */
export const ADMIN_BADGE_TONE: Record<PaymentStatus, "green" | "red" | "yellow"> = {
  pending: "yellow",
  completed: "green",
  rejected: "red",
};

/** The Website page's banner about payment 2, once payment 1 is completed. */
export type SecondPaymentBanner = "offer" | "pending" | "rejected" | "none";

export function secondPaymentBanner(payment2: { status: string } | null | undefined): SecondPaymentBanner {
  const state = gateState(payment2);
  if (state === "none") return "offer";
  if (state === "completed") return "none";
  return state;
}

/** The newest payment for a service and number among a customer's payments (they come newest first or not). */
export function latestPayment<T extends { serviceType: string; paymentNumber: number; createdAt: string | Date }>(
  payments: readonly T[],
  serviceType: string,
  paymentNumber: number,
): T | undefined {
  let latest: T | undefined;
  for (const payment of payments) {
    if (payment.serviceType !== serviceType || payment.paymentNumber !== paymentNumber) continue;
    if (!latest || new Date(payment.createdAt) > new Date(latest.createdAt)) latest = payment;
  }
  return latest;
}
