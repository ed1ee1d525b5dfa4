import { asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { carePlans, payments, planSubscriptions } from "~db/schema";
import { requireCustomerAccess } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Locale } from "~/lib/i18n/locales";
import type { Deps } from "~/lib/services.server";
import { finishedServices } from "./plan-access.server";
import type { PlanOfferView, PlanSubscriptionView } from "./plan-views";
import { holdsPlan, isOffered, planText, type PlanStatus } from "./plans";

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * A customer's care plans: their subscriptions (newest first, each with its charges) for the customer themself or a
 * team member who reaches them, and for the customer alone the plans on offer to them (none without card payments).
 * Names in `locale`.
 */
export async function getCustomerPlans(
  deps: Pick<Deps, "db" | "stripe">,
  actor: Actor | null,
  { customerId, locale }: { customerId: string; locale: Locale },
): Promise<{ subscriptions: PlanSubscriptionView[]; offers: PlanOfferView[]; cardPayments: boolean }> {
  const viewer = requireCustomerAccess(actor, customerId, "customer_not_found");
  const rows = await deps.db
    .select({ subscription: planSubscriptions, plan: carePlans })
    .from(planSubscriptions)
    .innerJoin(carePlans, eq(carePlans.id, planSubscriptions.planId))
    .where(eq(planSubscriptions.userId, customerId))
    .orderBy(desc(planSubscriptions.createdAt));
  const charges =
    rows.length === 0
      ? []
      : await deps.db
          .select()
          .from(payments)
          .where(
            inArray(
              payments.planSubscriptionId,
              rows.map((row) => row.subscription.id),
            ),
          )
          .orderBy(asc(payments.createdAt));
  const subscriptions = rows.map(({ subscription, plan }) => ({
    id: subscription.id,
    planName: planText(plan, locale).name,
    status: subscription.status as PlanStatus,
    price: subscription.price,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodEnd: iso(subscription.currentPeriodEnd),
    pastDueSince: iso(subscription.pastDueSince),
    startedAt: iso(subscription.startedAt),
    endedAt: iso(subscription.endedAt),
    charges: charges
      .filter((charge) => charge.planSubscriptionId === subscription.id)
      .map((charge) => ({
        id: charge.id,
        amount: charge.amount,
        refundedAmount: charge.refundedAmount,
        status: charge.status,
        receiptNumber: charge.receiptNumber,
        periodStart: iso(charge.periodStart),
        periodEnd: iso(charge.periodEnd),
        paidAt: iso(charge.completedAt),
      })),
  }));
  const cardPayments = deps.stripe !== null;
  if (viewer.id !== customerId || !cardPayments) return { subscriptions, offers: [], cardPayments };
  const heldPlanIds = new Set(
    rows.filter((row) => holdsPlan(row.subscription.status as PlanStatus)).map((row) => row.plan.id),
  );
  const finished = await finishedServices(deps.db, customerId);
  const plans = await deps.db.select().from(carePlans).where(isNull(carePlans.retiredAt)).orderBy(asc(carePlans.price));
  const offers = plans
    .filter((plan) => isOffered(plan, { finished, heldPlanIds }))
    .map((plan) => ({ id: plan.id, ...planText(plan, locale), price: plan.price, follows: plan.follows ?? null }));
  return { subscriptions, offers, cardPayments };
}
