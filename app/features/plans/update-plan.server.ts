import { eq } from "drizzle-orm";
import { carePlans } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { EVERYONE } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";
import { planProvider } from "./plan-provider.server";
import { updatePlanSchema, type UpdatePlanInput } from "./plans.schemas";
import { PLANS_TABLE } from "./plans";

/**
 * Changes a care plan (admins only), audited (`plan.update`). A new monthly price is a new provider price, which
 * only new subscribers get: the customers subscribed before keep being charged theirs (their subscription holds its
 * own price), and the old price takes nobody new. The name goes to the provider's product too (its receipts and
 * portal name it).
 */
export async function updatePlan(
  deps: Pick<Deps, "db" | "bus" | "stripe">,
  actor: Actor | null,
  input: UpdatePlanInput,
): Promise<{ priceChanged: boolean }> {
  const admin = requireAdminActor(actor);
  const parsed = updatePlanSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { intent: _, planId, ...plan } = parsed.data;
  const [current] = await deps.db.select().from(carePlans).where(eq(carePlans.id, planId));
  if (!current) throw new AppError("plan_not_found");
  const provider = planProvider(deps);
  const priceChanged = current.price !== plan.price;
  const priceId = priceChanged
    ? await provider.createPrice(current.stripeProductId, plan.price)
    : current.stripePriceId;
  if (plan.nameEn !== current.nameEn || plan.descriptionEn !== current.descriptionEn) {
    await provider.updateProduct(current.stripeProductId, plan);
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(carePlans)
      .set({ ...plan, stripePriceId: priceId })
      .where(eq(carePlans.id, planId));
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "plan.update",
      detail: {
        planId,
        planName: plan.nameEn,
        ...(priceChanged ? { priceFrom: current.price, price: plan.price } : {}),
      },
    });
  });
  if (priceChanged) await provider.retirePrice(current.stripePriceId);
  await publishChanges(deps.bus, [{ table: PLANS_TABLE, userId: EVERYONE }]);
  return { priceChanged };
}
