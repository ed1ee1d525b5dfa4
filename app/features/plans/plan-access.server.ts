import { and, desc, eq, inArray } from "drizzle-orm";
import { carePlans, googleBusinessProgress, planSubscriptions, websiteProgress } from "~db/schema";
import type { ServiceType } from "~/domain/service-catalog";
import type { Executor } from "~/lib/db/db.server";
import { AppError } from "~/lib/http/app-error";
import { PLAN_STATUSES, type PlanStatus } from "./plans";

/** The services whose last step is done for this customer: a plan that follows one is offered after it. */
export async function finishedServices(executor: Executor, userId: string): Promise<Set<ServiceType>> {
  const [google] = await executor
    .select({ done: googleBusinessProgress.seoLocalSetup })
    .from(googleBusinessProgress)
    .where(eq(googleBusinessProgress.userId, userId));
  const [website] = await executor
    .select({ done: websiteProgress.websiteLaunch })
    .from(websiteProgress)
    .where(eq(websiteProgress.userId, userId));
  const finished = new Set<ServiceType>();
  if (google?.done) finished.add("google_business");
  if (website?.done) finished.add("website");
  return finished;
}

/** The statuses in which a subscription holds its plan (a second one of the same plan is refused). */
const HOLDING = PLAN_STATUSES.filter((status): status is Exclude<PlanStatus, "ended"> => status !== "ended");

/** The plans a customer holds now (their subscription not ended). */
export async function heldPlanIds(executor: Executor, userId: string): Promise<Set<string>> {
  const rows = await executor
    .select({ planId: planSubscriptions.planId })
    .from(planSubscriptions)
    .where(and(eq(planSubscriptions.userId, userId), inArray(planSubscriptions.status, HOLDING)));
  return new Set(rows.map((row) => row.planId));
}

/** The provider's customer id a customer's earlier subscriptions used (one customer at the provider per person). */
export async function providerCustomerOf(executor: Executor, userId: string): Promise<string | null> {
  const [row] = await executor
    .select({ id: planSubscriptions.stripeCustomerId })
    .from(planSubscriptions)
    .where(eq(planSubscriptions.userId, userId))
    .orderBy(desc(planSubscriptions.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** A customer's own subscription, for an action on it: another customer's, or none, is not found. */
export async function ownSubscription(executor: Executor, userId: string, subscriptionId: string) {
  const [row] = await executor
    .select({
      id: planSubscriptions.id,
      status: planSubscriptions.status,
      stripeSubscriptionId: planSubscriptions.stripeSubscriptionId,
      cancelAtPeriodEnd: planSubscriptions.cancelAtPeriodEnd,
      planName: carePlans.nameEn,
    })
    .from(planSubscriptions)
    .innerJoin(carePlans, eq(carePlans.id, planSubscriptions.planId))
    .where(and(eq(planSubscriptions.id, subscriptionId), eq(planSubscriptions.userId, userId)));
  if (!row) throw new AppError("plan_subscription_not_found");
  return row;
}
