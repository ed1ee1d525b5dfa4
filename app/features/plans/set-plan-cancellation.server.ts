import { eq } from "drizzle-orm";
import { planSubscriptions } from "~db/schema";
import { isTeam, requireActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";
import { ownSubscription } from "./plan-access.server";
import { planProvider } from "./plan-provider.server";
import { planSubscriptionChanges } from "./plans";
import { subscriptionIdSchema } from "./plans.schemas";

/**
 * The customer cancels their plan at the end of the period paid for (`cancel: true`), or keeps it after all
 * (`cancel: false`, before that day), audited (`plan.cancel`, `plan.keep`). The card provider does it; its answer is
 * written at once (the provider's webhook says the same a moment later), so every open page shows it.
 */
export async function setPlanCancellation(
  deps: Pick<Deps, "db" | "bus" | "stripe">,
  actor: Actor | null,
  input: { subscriptionId: unknown; cancel: boolean },
): Promise<void> {
  const customer = requireActor(actor);
  if (isTeam(customer)) throw new AppError("forbidden");
  const parsed = subscriptionIdSchema.safeParse(input);
  if (!parsed.success) throw new AppError("plan_subscription_not_found");
  const own = await ownSubscription(deps.db, customer.id, parsed.data.subscriptionId);
  if (own.status === "ended") throw new AppError("plan_already_ended");
  const answer = await planProvider(deps).setCancelAtPeriodEnd(own.stripeSubscriptionId, input.cancel);
  const end = answer.items.data[0]?.current_period_end;
  const currentPeriodEnd = end ? new Date(end * 1000) : null;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(planSubscriptions)
      .set({ cancelAtPeriodEnd: answer.cancel_at_period_end, ...(currentPeriodEnd ? { currentPeriodEnd } : {}) })
      .where(eq(planSubscriptions.id, own.id));
    await recordAuditEvent(tx, {
      actorId: customer.id,
      customerId: customer.id,
      action: input.cancel ? "plan.cancel" : "plan.keep",
      detail: { subscriptionId: own.id, planName: own.planName },
    });
  });
  await publishChanges(deps.bus, planSubscriptionChanges(customer.id));
}
