import { paymentSubtitleIn } from "~/domain/service-texts";
import { formatMoney } from "~/lib/i18n/format";
import { englishI18n } from "~/lib/i18n/translate";
import type { ServiceType } from "~/domain/service-catalog";

/** Where a completed payment's receipt is: one address for the customer and the admins (no portal shell). */
export const receiptPath = (paymentId: string) => `/receipts/${paymentId}`;

/**
 * The receipt number: `R-YYYYMMDD-XXXXXXXX`, the payment's date (UTC) and the first 8 hex digits of its id.
 * Stable (both are set when the payment is made and never change), readable over the phone, and needs no
 * counter in the database; two payments on one day share a number only if their random ids share 32 bits.
 */
export function receiptNumber(payment: { id: string; createdAt: Date | string }): string {
  const date = new Date(payment.createdAt).toISOString().slice(0, 10).replaceAll("-", "");
  return `R-${date}-${payment.id.replaceAll("-", "").slice(0, 8).toUpperCase()}`;
}

const PAYMENT_METHOD_LABEL: Record<string, string> = { zelle: "Zelle", card: "Card" };

/** What a receipt page shows: plain data, rendered by the receipt document and printed. */
export interface ReceiptView {
  number: string;
  paymentId: string;
  customerId: string;
  /** When the payment was made (ISO). */
  paidAt: string;
  customer: { name: string; email: string; companyName: string | null };
  /** In English (service name, amount, method); the document shows them in the page's language from the fields after. */
  service: string;
  amount: string;
  method: string;
  serviceType: ServiceType;
  paymentNumber: number;
  /** The amount in dollars. */
  amountPaid: number;
  paymentMethod: string;
  agency: { name: string; supportEmail: string };
}

export function toReceiptView(
  payment: { id: string; userId: string; serviceType: ServiceType; paymentNumber: number; amount: number; paymentMethod: string; createdAt: Date },
  customer: ReceiptView["customer"],
  agency: ReceiptView["agency"],
): ReceiptView {
  return {
    number: receiptNumber(payment),
    paymentId: payment.id,
    customerId: payment.userId,
    paidAt: payment.createdAt.toISOString(),
    customer,
    service: paymentSubtitleIn(englishI18n(), payment.serviceType, payment.paymentNumber),
    amount: formatMoney(payment.amount, "en"),
    method: PAYMENT_METHOD_LABEL[payment.paymentMethod] ?? payment.paymentMethod,
    serviceType: payment.serviceType,
    paymentNumber: payment.paymentNumber,
    amountPaid: payment.amount,
    paymentMethod: payment.paymentMethod,
    agency,
  };
}
