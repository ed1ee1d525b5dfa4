import { and, desc, eq, ne, sql } from "drizzle-orm";
import { payments, promotionCodes } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { isServiceType } from "~/domain/service-catalog";
import { isPastLastDay } from "./promotion-pricing";
import type { PromotionCodeView } from "./promotion-views";
import type { PromotionKind } from "./promotions.schemas";
import type { Deps } from "~/lib/services.server";

/**
 * The Promotions tab (admins only): every code, the ones still in force first, newest first, each with its uses
 * (payments naming it that were not rejected, whatever their status since: a refunded payment used its code).
 */
export async function listPromotionCodes(
  deps: Pick<Deps, "db">,
  actor: Actor | null,
  now = new Date(),
): Promise<PromotionCodeView[]> {
  requireAdminActor(actor);
  const uses = deps.db
    .select({ promotionCodeId: payments.promotionCodeId, uses: sql<number>`count(*)::int`.as("uses") })
    .from(payments)
    .where(and(sql`${payments.promotionCodeId} is not null`, ne(payments.status, "rejected")))
    .groupBy(payments.promotionCodeId)
    .as("uses");
  const rows = await deps.db
    .select({ code: promotionCodes, uses: uses.uses })
    .from(promotionCodes)
    .leftJoin(uses, eq(uses.promotionCodeId, promotionCodes.id))
    .orderBy(sql`${promotionCodes.deactivatedAt} is not null`, desc(promotionCodes.createdAt), desc(promotionCodes.id));
  return rows.map(({ code, uses }) => ({
    id: code.id,
    code: code.code,
    kind: code.kind as PromotionKind,
    percentOff: code.percentOff,
    amountOff: code.amountOff,
    serviceTypes: code.serviceTypes.filter(isServiceType),
    expiresOn: code.expiresOn,
    maxUses: code.maxUses,
    uses: Number(uses ?? 0),
    deactivated: code.deactivatedAt !== null,
    expired: isPastLastDay(code.expiresOn, now),
    createdAt: code.createdAt.toISOString(),
  }));
}
