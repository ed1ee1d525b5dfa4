import type { ReviewPayment } from "../payment-views";

/** One refund of a payment as the admin's payment card lists it: plain data, safe to import from components. */
export interface RefundView {
  id: string;
  amount: number;
  /** Why, as the admin wrote it (the customer reads it too); 'Refunded in Stripe' for one made in Stripe's dashboard. */
  reason: string;
  status: string;
  /** The admin who made it; null when Stripe's dashboard did, or the admin's account is gone. */
  refundedBy: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** A payment on the admin's Payments tab: the review view and its refunds, oldest first. */
export interface AdminPaymentView extends ReviewPayment {
  refunds: RefundView[];
}
