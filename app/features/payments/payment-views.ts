/** The payment shapes the screens render: plain data, safe to import from components. */

/** A payment row as the database returns it (the columns the views read). */
export interface PaymentRow {
  id: string;
  userId: string;
  serviceType: string;
  paymentNumber: number;
  amount: number;
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
  amount: number;
  paymentMethod: string;
  status: string;
  proofUrl: string | null;
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
    paymentMethod: row.paymentMethod,
    status: row.status,
    proofUrl: row.proofUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toReviewPayment(row: PaymentRow): ReviewPayment {
  return { ...toPaymentView(row), userId: row.userId, adminNotes: row.adminNotes };
}
