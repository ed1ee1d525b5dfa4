import { eq } from "drizzle-orm";
import { carePlans, profiles } from "~db/schema";
import { checkoutRateLimitKey, CHECKOUT_RATE_LIMIT } from "~/features/payments/card/create-card-checkout.server";
import { isTeam, requireActor } from "~/lib/auth/actor-guards";
import { countAttempt } from "~/lib/auth/attempt-counter.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { PLANS_PAGE } from "~/lib/http/paths";
import type { Deps } from "~/lib/services.server";
import { finishedServices, heldPlanIds, providerCustomerOf } from "./plan-access.server";
import { planProvider } from "./plan-provider.server";
import { isOffered } from "./plans";
import { planIdSchema } from "./plans.schemas";

/**
 * Starts the card provider's hosted checkout for a monthly plan (customers only), at the plan's current price. Only
 * a plan on offer to this customer (not retired, not one they hold, its service finished unless the plan says
 * otherwise). The plan is theirs when the provider's webhook says the subscription is paid, never on the return
 * page. Every attempt counts towards the limit the card checkouts share.
 */
export async function startPlanCheckout(
  deps: Pick<Deps, "db" | "stripe" | "siteUrl" | "rateLimit">,
  actor: Actor | null,
  input: { planId: unknown },
): Promise<{ url: string }> {
  const customer = requireActor(actor);
  if (isTeam(customer)) throw new AppError("forbidden");
  const provider = planProvider(deps);
  const attempt = await countAttempt(deps.db, checkoutRateLimitKey(customer.id), deps.rateLimit ?? CHECKOUT_RATE_LIMIT);
  if (!attempt.allowed) throw new AppError("card_checkout_rate_limited");
  const parsed = planIdSchema.safeParse(input);
  if (!parsed.success) throw new AppError("plan_not_found");
  const [plan] = await deps.db.select().from(carePlans).where(eq(carePlans.id, parsed.data.planId));
  if (!plan) throw new AppError("plan_not_found");
  const held = await heldPlanIds(deps.db, customer.id);
  if (held.has(plan.id)) throw new AppError("plan_already_held");
  const finished = await finishedServices(deps.db, customer.id);
  if (!isOffered(plan, { finished, heldPlanIds: held })) {
    throw new AppError("plan_not_offered");
  }
  const known = await providerCustomerOf(deps.db, customer.id);
  const [profile] = await deps.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, customer.id));
  const back = `${deps.siteUrl}${PLANS_PAGE}`;
  const url = await provider.subscriptionCheckout({
    priceId: plan.stripePriceId,
    metadata: { userId: customer.id, planId: plan.id },
    customer: known ? { id: known } : { email: profile?.email ?? null },
    successUrl: `${back}?checkout=success`,
    cancelUrl: `${back}?checkout=cancelled`,
  });
  return { url };
}
