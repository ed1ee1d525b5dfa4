import { promotionCodes } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { createPromotionCodeSchema, type CreatePromotionCodeInput } from "./promotions.schemas";
import type { Deps } from "~/lib/services.server";

/** The change a code's write publishes: the admins' open Promotions tabs reload (admins see every change). */
export const PROMOTION_CODES_TABLE = "promotion_codes";

/** The PostgreSQL unique violation of the codes' case-blind index, however Drizzle wrapped it. */
function isDuplicateCode(error: unknown): boolean {
  for (
    let current: unknown = error;
    current && typeof current === "object";
    current = (current as { cause?: unknown }).cause
  ) {
    const candidate = current as { code?: unknown; constraint?: unknown };
    if (candidate.code === "23505") return candidate.constraint === "promotion_codes_code_idx";
  }
  return false;
}

/**
 * Makes a promotion code (admins only), audited (`promotion.create`). The code is stored as typed; one that differs
 * from an existing one only in case is refused beside the Code field (the database's case-blind unique index is the
 * last word, so two admins typing the same code at once cannot both make it). A code is never edited afterwards.
 */
export async function createPromotionCode(
  deps: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: CreatePromotionCodeInput,
): Promise<{ id: string }> {
  const admin = requireAdminActor(actor);
  const parsed = createPromotionCodeSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const value = parsed.data;
  const terms =
    value.kind === "percent"
      ? { kind: "percent", percentOff: value.percentOff!, amountOff: null }
      : { kind: "amount", percentOff: null, amountOff: value.amountOff! };
  const serviceTypes = [...new Set(value.serviceTypes)];
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(promotionCodes)
        .values({
          code: value.code,
          ...terms,
          serviceTypes,
          expiresOn: value.expiresOn ?? null,
          maxUses: value.maxUses ?? null,
          createdBy: admin.id,
        })
        .returning({ id: promotionCodes.id });
      await recordAuditEvent(tx, {
        actorId: admin.id,
        action: "promotion.create",
        detail: {
          promotionCodeId: row!.id,
          code: value.code,
          ...terms,
          serviceTypes,
          expiresOn: value.expiresOn ?? null,
          maxUses: value.maxUses ?? null,
        },
      });
      return row!.id;
    });
  } catch (error) {
    if (isDuplicateCode(error)) throw new AppError("promotion_code_taken", { field: "code" });
    throw error;
  }
  await publishChanges(deps.bus, [{ table: PROMOTION_CODES_TABLE, userId: admin.id }]);
  return { id };
}
