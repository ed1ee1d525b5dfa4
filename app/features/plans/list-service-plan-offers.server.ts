import { and, asc, eq, isNull } from "drizzle-orm";
import { carePlans } from "~db/schema";
import type { ServiceType } from "~/domain/service-catalog";
import { isTeam, requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Locale } from "~/lib/i18n/locales";
import type { Deps } from "~/lib/services.server";
import { finishedServices, heldPlanIds } from "./plan-access.server";
import type { PlanOfferView } from "./plan-views";
import { isOffered, planText } from "./plans";

/**
 * The plans a service's page offers its customer once the service's last step is done: those that follow that
 * service and are on offer to them (none without card payments, none to the team). Names in `locale`.
 */
export async function listServicePlanOffers(
  deps: Pick<Deps, "db" | "stripe">,
  actor: Actor | null,
  { service, locale }: { service: ServiceType; locale: Locale },
): Promise<PlanOfferView[]> {
  const customer = requireActor(actor);
  if (isTeam(customer) || !deps.stripe) return [];
  const finished = await finishedServices(deps.db, customer.id);
  if (!finished.has(service)) return [];
  const [plans, held] = await Promise.all([
    deps.db
      .select()
      .from(carePlans)
      .where(and(eq(carePlans.follows, service), isNull(carePlans.retiredAt)))
      .orderBy(asc(carePlans.price)),
    heldPlanIds(deps.db, customer.id),
  ]);
  return plans
    .filter((plan) => isOffered(plan, { finished, heldPlanIds: held }))
    .map((plan) => ({ id: plan.id, ...planText(plan, locale), price: plan.price, follows: plan.follows ?? null }));
}
