import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ServiceType } from "~/domain/service-catalog";
import type { Locale } from "~/lib/i18n/locales";
import type { Change } from "~/lib/realtime/realtime";

// The care plans' rules, pure: what a subscription's standing is from the card provider's, who is offered which
// plan, and what a change publishes.

/** A subscription's standing (the table's check lists the same, a test holds them equal). */
export const PLAN_STATUSES = ["incomplete", "active", "past_due", "ended"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const PLAN_STATUS_NAMES: Record<PlanStatus, MessageDescriptor> = {
  incomplete: msg`Waiting for the first payment`,
  // "Active" elsewhere names a group of customers (Spanish "Activos"); a plan is one.
  active: msg({ message: "Active", context: "plan status" }),
  past_due: msg`Past due`,
  ended: msg`Ended`,
};

/**
 * The standing of a provider's subscription status: `trialing` counts as active, `unpaid` (the provider gave up its
 * retries) and every way of stopping as ended.
 */
export function planStatusOf(providerStatus: string): PlanStatus {
  switch (providerStatus) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
      return "past_due";
    case "incomplete":
      return "incomplete";
    default:
      return "ended";
  }
}

/** Whether a subscription still holds its plan (the customer is charged, or about to be). */
export const holdsPlan = (status: PlanStatus) => status !== "ended";

/** A plan's name or description in a language. */
export function planText(
  plan: { nameEn: string; nameEs: string; descriptionEn: string; descriptionEs: string },
  locale: Locale,
) {
  return locale === "es"
    ? { name: plan.nameEs, description: plan.descriptionEs }
    : { name: plan.nameEn, description: plan.descriptionEn };
}

/** The plan's names in both languages, as a notification keeps them (worded in the reader's language). */
export const planNames = (plan: { nameEn: string; nameEs: string }) => ({ en: plan.nameEn, es: plan.nameEs });

export interface OfferablePlan {
  id: string;
  follows: ServiceType | null;
  beforeFinished: boolean;
  retiredAt: Date | string | null;
}

/**
 * Whether a customer is offered a plan: not retired, not one they already hold, and, when it follows a service,
 * once that service's last step is done (or at any time when the plan says it may be taken before).
 */
export function isOffered(
  plan: OfferablePlan,
  customer: { finished: ReadonlySet<ServiceType>; heldPlanIds: ReadonlySet<string> },
): boolean {
  if (plan.retiredAt || customer.heldPlanIds.has(plan.id)) return false;
  if (!plan.follows || plan.beforeFinished) return true;
  return customer.finished.has(plan.follows);
}

/** The change every write to the plans publishes: for everyone when the offers change (every customer's Plans page shows them), for its customer when a subscription does. */
export const PLANS_TABLE = "care_plans";
const PLAN_SUBSCRIPTIONS_TABLE = "plan_subscriptions";

export function planSubscriptionChanges(userId: string | null): Change[] {
  return userId ? [{ table: PLAN_SUBSCRIPTIONS_TABLE, userId }] : [];
}

/** A price in dollars as the provider charges it, in cents. */
export const toCents = (dollars: number) => Math.round(dollars * 100);
export const fromCents = (cents: number) => Math.round(cents) / 100;

/** Monthly recurring revenue: the monthly prices of the subscriptions that hold their plan, in dollars. */
export function monthlyRecurringRevenue(subscriptions: readonly { status: PlanStatus; price: number }[]): number {
  return fromCents(
    subscriptions.reduce(
      (sum, sub) => (holdsPlan(sub.status) && sub.status !== "incomplete" ? sum + toCents(sub.price) : sum),
      0,
    ),
  );
}
