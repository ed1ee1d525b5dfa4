import type { ServiceType } from "~/domain/service-catalog";
import type { PlanStatus } from "./plans";

// What the plans' screens are given (JSON from the loaders: dates as ISO strings).

/** A plan as the Plans tab lists it. */
export interface PlanView {
  id: string;
  nameEn: string;
  nameEs: string;
  descriptionEn: string;
  descriptionEs: string;
  price: number;
  follows: ServiceType | null;
  beforeFinished: boolean;
  retired: boolean;
  /** The subscriptions that hold it now (active, past due or waiting for their first payment). */
  subscribers: number;
}

/** A plan on offer to a customer, in their language. */
export interface PlanOfferView {
  id: string;
  name: string;
  description: string;
  price: number;
  follows: ServiceType | null;
}

/** One month's charge of a subscription. */
export interface PlanChargeView {
  id: string;
  amount: number;
  refundedAmount: number;
  status: string;
  receiptNumber: number | null;
  periodStart: string | null;
  periodEnd: string | null;
  paidAt: string | null;
}

/** A customer's subscription, as their Plans page and their admin page show it. */
export interface PlanSubscriptionView {
  id: string;
  planName: string;
  status: PlanStatus;
  price: number;
  cancelAtPeriodEnd: boolean;
  /** The next charge's date, or the plan's last day when it is cancelled. */
  currentPeriodEnd: string | null;
  pastDueSince: string | null;
  startedAt: string | null;
  endedAt: string | null;
  charges: PlanChargeView[];
}
