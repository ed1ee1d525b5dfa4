import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { promotionCodes } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { PROMOTION_CODES_TABLE } from "./create-promotion-code.server";
import type { Deps } from "~/lib/services.server";

/**
 * Deactivates a code (admins only), audited (`promotion.deactivate`): from now on it is refused like an unknown one.
 * Payments already made with it keep it. Deactivating one already deactivated changes nothing; there is no way back
 * (a new code can be made instead).
 */
export async function deactivatePromotionCode(
  deps: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { promotionCodeId: string },
): Promise<void> {
  const admin = requireAdminActor(actor);
  if (!z.uuid().safeParse(input.promotionCodeId).success) throw new AppError("promotion_code_not_found");
  const changed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(promotionCodes)
      .set({ deactivatedAt: new Date() })
      .where(and(eq(promotionCodes.id, input.promotionCodeId), isNull(promotionCodes.deactivatedAt)))
      .returning({ code: promotionCodes.code });
    if (!row) {
      const [existing] = await tx
        .select({ id: promotionCodes.id })
        .from(promotionCodes)
        .where(eq(promotionCodes.id, input.promotionCodeId));
      if (!existing) throw new AppError("promotion_code_not_found");
      return false;
    }
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "promotion.deactivate",
      detail: { promotionCodeId: input.promotionCodeId, code: row.code },
    });
    return true;
  });
  if (changed) await publishChanges(deps.bus, [{ table: PROMOTION_CODES_TABLE, userId: admin.id }]);
}
