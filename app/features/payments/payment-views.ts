/** The payment shapes the screens render: plain data, safe to import from components. */
import { customerIdOf } from "./payment-owner";

/** A payment row as the database returns it (the columns the views read). */
export interface PaymentRow {
  id: string;
  /** Null once the customer's account was deleted (the payment is kept for the books). */
  userId: string | null;
  serviceType: string;
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

/** One payment as the admin's Payments tab shows it: the customer's view plus whose it is and the notes. */
export interface ReviewPayment extends PaymentView {
  userId: string;
  adminNotes: string | null;
}

export function toPaymentView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    serviceType: row.serviceType,
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

export function toReviewPayment(row: PaymentRow): ReviewPayment {
  return { ...toPaymentView(row), userId: customerIdOf(row), adminNotes: row.adminNotes };
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
