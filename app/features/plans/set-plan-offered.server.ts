import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { carePlans } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { EVERYONE } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";
import { planIdSchema } from "./plans.schemas";
import { PLANS_TABLE } from "./plans";

/**
 * Retires a care plan, or offers a retired one again (admins only), audited (`plan.retire`, `plan.offer-again`). A
 * retired plan keeps its subscribers (they are charged and may cancel as before) and takes no new ones. Doing it to
 * a plan already so changes nothing.
 */
export async function setPlanOffered(
  deps: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { planId: unknown; offered: boolean },
): Promise<void> {
  const admin = requireAdminActor(actor);
  const parsed = planIdSchema.safeParse(input);
  if (!parsed.success) throw new AppError("plan_not_found");
  const { planId } = parsed.data;
  const changed = await deps.db.transaction(async (tx) => {
    const [plan] = await tx.select({ nameEn: carePlans.nameEn }).from(carePlans).where(eq(carePlans.id, planId));
    if (!plan) throw new AppError("plan_not_found");
    const [row] = await tx
      .update(carePlans)
      .set({ retiredAt: input.offered ? null : new Date() })
      .where(
        and(eq(carePlans.id, planId), input.offered ? isNotNull(carePlans.retiredAt) : isNull(carePlans.retiredAt)),
      )
      .returning({ id: carePlans.id });
    if (!row) return false;
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: input.offered ? "plan.offer-again" : "plan.retire",
      detail: { planId, planName: plan.nameEn },
    });
    return true;
  });
  if (changed) await publishChanges(deps.bus, [{ table: PLANS_TABLE, userId: EVERYONE }]);
}
