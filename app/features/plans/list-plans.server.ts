import { asc, desc, inArray, sql } from "drizzle-orm";
import { carePlans, planSubscriptions } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";
import type { PlanView } from "./plan-views";

/**
 * The Plans tab (admins only): every plan, those on offer first, oldest first, each with how many subscriptions hold
 * it; and whether card payments are configured (without them no plan can be made or sold).
 */
export async function listPlans(
  deps: Pick<Deps, "db" | "stripe">,
  actor: Actor | null,
): Promise<{ plans: PlanView[]; cardPayments: boolean }> {
  requireAdminActor(actor);
  const holding = deps.db
    .select({ planId: planSubscriptions.planId, count: sql<number>`count(*)::int`.as("count") })
    .from(planSubscriptions)
    .where(inArray(planSubscriptions.status, ["incomplete", "active", "past_due"]))
    .groupBy(planSubscriptions.planId)
    .as("holding");
  const rows = await deps.db
    .select({ plan: carePlans, subscribers: holding.count })
    .from(carePlans)
    .leftJoin(holding, sql`${holding.planId} = ${carePlans.id}`)
    .orderBy(sql`${carePlans.retiredAt} is not null`, asc(carePlans.createdAt), desc(carePlans.id));
  return {
    cardPayments: deps.stripe !== null,
    plans: rows.map(({ plan, subscribers }) => ({
      id: plan.id,
      nameEn: plan.nameEn,
      nameEs: plan.nameEs,
      descriptionEn: plan.descriptionEn,
      descriptionEs: plan.descriptionEs,
      price: plan.price,
      follows: plan.follows ?? null,
      beforeFinished: plan.beforeFinished,
      retired: plan.retiredAt !== null,
      subscribers: subscribers ?? 0,
    })),
  };
}
