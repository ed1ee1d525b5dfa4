import { carePlans } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { EVERYONE } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";
import { planProvider } from "./plan-provider.server";
import { createPlanSchema, type CreatePlanInput } from "./plans.schemas";
import { PLANS_TABLE } from "./plans";

/**
 * Makes a care plan (admins only), audited (`plan.create`): its product and monthly price are made at the card
 * provider first (the provider charges it, so without card payments there is no plan), then the row. A plan is on
 * offer from the moment it is saved.
 */
export async function createPlan(
  deps: Pick<Deps, "db" | "bus" | "stripe">,
  actor: Actor | null,
  input: CreatePlanInput,
): Promise<{ id: string }> {
  const admin = requireAdminActor(actor);
  const parsed = createPlanSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { intent: _, ...plan } = parsed.data;
  const provider = planProvider(deps);
  const product = await provider.createProduct(plan);
  const priceId = await provider.createPrice(product, plan.price);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(carePlans)
      .values({ ...plan, stripeProductId: product, stripePriceId: priceId, createdBy: admin.id })
      .returning({ id: carePlans.id });
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "plan.create",
      detail: { planId: row!.id, planName: plan.nameEn, price: plan.price, follows: plan.follows },
    });
    return row!.id;
  });
  await publishChanges(deps.bus, [{ table: PLANS_TABLE, userId: EVERYONE }]);
  return { id };
}
