/** The payment shapes the screens render: plain data, safe to import from components. */
import { customerIdOf } from "./payment-owner";

/** A payment row as the database returns it (the columns the views read). */
export interface PaymentRow {
  id: string;
  /** Null once the customer's account was deleted (the payment is kept for the books). */
  userId: string | null;
  /** Null for a care plan's monthly charge (a payment of its subscription, not of a service). */
  serviceType: string | null;
  paymentNumber: number;
  amount: number;
  discount: number;
  promotionCode: string | null;
  refundedAmount: number;
  receiptNumber: number | null;
  paymentMethod: string;
  status: string;
  proofUrl: string | null;
  adminNotes: string | null;
  createdAt: Date;
}

/** A payment as the customer's screens read it. */
export interface PaymentView {
  id: string;
  serviceType: string;
  paymentNumber: number;
  /** What was charged; the list price is amount + discount. */
  amount: number;
  discount: number;
  /** The promotion code applied, as the customer typed it; null without one. */
  promotionCode: string | null;
  /** The completed refunds' sum. */
  refundedAmount: number;
  receiptNumber: number | null;
  paymentMethod: string;
  status: string;
  proofUrl: string | null;
  /** Why an admin rejected it (their note, which the customer is sent anyway); null unless rejected. */
  rejectionReason: string | null;
  createdAt: string;
}

/**
 * One payment as the admin's Payments tab shows it: the customer's view plus whose it is and the notes. A care plan's
 * monthly charge has no service: it names its plan (in both languages) and the month it paid for.
 */
export interface ReviewPayment extends Omit<PaymentView, "serviceType"> {
  serviceType: string | null;
  plan: { en: string; es: string } | null;
  periodStart: string | null;
  userId: string;
  adminNotes: string | null;
}

/** What every view of a payment says, whatever it paid for. */
function paymentFields(row: PaymentRow): Omit<PaymentView, "serviceType"> {
  return {
    id: row.id,
    paymentNumber: row.paymentNumber,
    amount: row.amount,
    discount: row.discount,
    promotionCode: row.promotionCode,
    refundedAmount: row.refundedAmount,
    receiptNumber: row.receiptNumber,
    paymentMethod: row.paymentMethod,
    status: row.status,
    proofUrl: row.proofUrl,
    rejectionReason: row.status === "rejected" ? row.adminNotes : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A service's payment as the customer's screens read it; a plan's monthly charge is never one (their Plans page has those). */
export function toPaymentView(row: PaymentRow): PaymentView {
  if (row.serviceType === null)
    throw new Error(`Payment ${row.id} is a plan's monthly charge, not a service's payment`);
  return { ...paymentFields(row), serviceType: row.serviceType };
}

export function toReviewPayment(
  row: PaymentRow & { periodStart: Date | null },
  plan: { en: string; es: string } | null = null,
): ReviewPayment {
  return {
    ...paymentFields(row),
    serviceType: row.serviceType,
    plan,
    periodStart: row.periodStart?.toISOString() ?? null,
    userId: customerIdOf(row),
    adminNotes: row.adminNotes,
  };
}

/** What a payment gate, the Website banner and the status card need of a payment to say where it stands. */
export interface PaymentStanding {
  id: string;
  status: string;
  paymentMethod: string;
  rejectionReason: string | null;
}

export function toPaymentStanding(payment: PaymentView): PaymentStanding {
  return {
    id: payment.id,
    status: payment.status,
    paymentMethod: payment.paymentMethod,
    rejectionReason: payment.rejectionReason,
  };
}

/** The two names a Zelle transfer's details show: whom to send it to, and whose transfer it is (the memo). */
export interface ZelleParties {
  recipientName: string;
  payerName: string | null;
}
