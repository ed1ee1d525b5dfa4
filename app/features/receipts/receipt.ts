import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { href } from "react-router";
import { formatMoney } from "~/lib/i18n/format";
import type { ServiceType } from "~/domain/service-catalog";

/** Where a payment's receipt is: one address for the customer and the admins (no portal shell). */
export const receiptPath = (paymentId: string) => href("/receipts/:paymentId", { paymentId });

/** The same receipt as a PDF file (a download). */
export const receiptPdfPath = (paymentId: string) => href("/receipts/:paymentId/pdf", { paymentId });

/** The digits a receipt number shows at least: `R-000042`. */
const RECEIPT_NUMBER_DIGITS = 6;

/**
 * A receipt number as people read it: `R-` and the payment's place in the one gapless sequence the database keeps
 * (payments.receipt_number), zero-padded to six digits so the first million sort and line up in a list. Past
 * 999999 the number simply grows (`R-1000000`): never cut, so two receipts never share one.
 */
export function formatReceiptNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Not a receipt number: ${sequence}`);
  return `R-${String(sequence).padStart(RECEIPT_NUMBER_DIGITS, "0")}`;
}

/** A completed refund as a receipt lists it. */
export interface ReceiptRefund {
  /** When the money went back (ISO). */
  date: string;
  amount: number;
  reason: string;
}

/** What a receipt shows: plain data, rendered by the receipt page and the PDF in the viewer's language. */
export interface ReceiptView {
  number: string;
  paymentId: string;
  /** Null once the customer deleted their account: the receipt is kept for the books, without them. */
  customerId: string | null;
  /** When the payment was completed (ISO). */
  paidAt: string;
  customer: { name: string; email: string; companyName: string | null };
  serviceType: ServiceType;
  paymentNumber: number;
  /** zelle | card | promotion (a 100% code: nothing charged). */
  paymentMethod: string;
  /** A receipt exists for a completed payment and for one refunded in full. */
  status: "completed" | "refunded";
  /** The price before any promotion code: what was paid plus the discount. */
  listPrice: number;
  discount: number;
  promotionCode: string | null;
  /** What was charged, in dollars. */
  amountPaid: number;
  /** The completed refunds, oldest first (a card refund Stripe has not confirmed is not money back yet). */
  refunds: ReceiptRefund[];
  agency: { name: string; supportEmail: string; address: string; taxId: string };
}

export function toReceiptView(
  payment: {
    id: string;
    userId: string | null;
    serviceType: ServiceType;
    paymentNumber: number;
    amount: number;
    discount: number;
    promotionCode: string | null;
    paymentMethod: string;
    status: ReceiptView["status"];
    receiptNumber: number;
    completedAt: Date;
  },
  refunds: readonly ReceiptRefund[],
  customer: ReceiptView["customer"],
  agency: ReceiptView["agency"],
): ReceiptView {
  return {
    number: formatReceiptNumber(payment.receiptNumber),
    paymentId: payment.id,
    customerId: payment.userId,
    paidAt: payment.completedAt.toISOString(),
    customer,
    serviceType: payment.serviceType,
    paymentNumber: payment.paymentNumber,
    paymentMethod: payment.paymentMethod,
    status: payment.status,
    listPrice: roundCents(payment.amount + payment.discount),
    discount: payment.discount,
    promotionCode: payment.promotionCode,
    amountPaid: payment.amount,
    refunds: [...refunds],
    agency,
  };
}

/** Sums of dollars kept to whole cents (0.1 + 0.2 is not 0.3 in floating point). */
function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

const METHOD_NAMES: Record<string, MessageDescriptor> = {
  zelle: msg`Zelle`,
  card: msg`Card`,
  promotion: msg`Promotion code`,
};

/** A payment method as a receipt names it, in the language (an unknown one as stored). */
export function paymentMethodIn(i18n: I18n, method: string): string {
  const name = METHOD_NAMES[method];
  return name ? i18n._(name) : method;
}

/** One line of a receipt's amounts: its label and the amount as written, minus sign and cents included. */
interface ReceiptLine {
  id: "list-price" | "discount" | "paid" | "net";
  label: string;
  amount: string;
}

/** A refund line: its date (ISO: the page shows it in the viewer's time zone), the amount taken off and why. */
interface ReceiptRefundLine {
  date: string;
  amount: string;
  reason: string;
}

export interface ReceiptLines {
  /** The list price and the discount (only when a code took something off), then the amount paid. */
  charges: ReceiptLine[];
  refunds: ReceiptRefundLine[];
  /** What the customer paid net of the refunds; null without refunds. */
  net: ReceiptLine | null;
  /** 'Refunded' or 'Partially refunded'; null for a payment nothing was given back on. */
  status: string | null;
}

/**
 * A receipt's amounts as the page and the PDF write them, in the language, always with cents so the column lines
 * up: `List price $300.00`, `Discount (SPRING20) -$50.00`, `Amount paid $250.00`, each refund `-$50.00`, and the
 * net after refunds.
 */
export function receiptLines(receipt: ReceiptView, i18n: I18n): ReceiptLines {
  const money = (amount: number) => formatMoney(amount, i18n.locale, { cents: true });
  const charges: ReceiptLine[] = [];
  if (receipt.discount > 0) {
    const code = receipt.promotionCode;
    charges.push({ id: "list-price", label: i18n._(msg`List price`), amount: money(receipt.listPrice) });
    charges.push({
      id: "discount",
      label: code ? i18n._(msg`Discount (${code})`) : i18n._(msg`Discount`),
      amount: money(-receipt.discount),
    });
  }
  charges.push({ id: "paid", label: i18n._(msg`Amount paid`), amount: money(receipt.amountPaid) });
  // A payment marked refunded keeps saying so even without a refund row to list.
  if (receipt.refunds.length === 0)
    return { charges, refunds: [], net: null, status: receipt.status === "refunded" ? i18n._(msg`Refunded`) : null };
  const refunded = roundCents(receipt.refunds.reduce((sum, refund) => sum + refund.amount, 0));
  const net = Math.max(0, roundCents(receipt.amountPaid - refunded));
  return {
    charges,
    refunds: receipt.refunds.map((refund) => ({
      date: refund.date,
      amount: money(-refund.amount),
      reason: refund.reason,
    })),
    net: { id: "net", label: i18n._(msg`Net amount after refunds`), amount: money(net) },
    status: receipt.status === "refunded" || net === 0 ? i18n._(msg`Refunded`) : i18n._(msg`Partially refunded`),
  };
}

/** The name a receipt's PDF is saved under: `receipt-R-000042.pdf`. */
export function receiptFileName(receipt: Pick<ReceiptView, "number">): string {
  return `receipt-${receipt.number}.pdf`;
}
