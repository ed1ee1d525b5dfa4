import { and, eq, gt, ne, notExists, sql } from "drizzle-orm";
import { payments, promotionCodes, promotionReservations } from "~db/schema";
import { paymentAmount, type ServiceType } from "~/domain/service-catalog";
import type { Executor } from "~/lib/db/db.server";
import { AppError } from "~/lib/http/app-error";
import { isPromotionCodeShape, promotionPrice, promotionRefusal, type PromotionPrice } from "./promotion-pricing";

/** Which payment a code is applied to. */
export interface PromotionTarget {
  serviceType: ServiceType;
  paymentNumber: number;
}

/** A code applied to one payment, priced on the server: what the payment row records. */
export interface AppliedPromotion extends PromotionPrice {
  promotionCodeId: string;
  /** The code as the admin stored it. */
  promotionCode: string;
}

/**
 * The one answer to a code that cannot be applied, whatever the reason (unknown, deactivated, past its last day,
 * for the other service, used up, already used by this customer): a customer is not told which codes exist.
 * It names the code's field, so the form shows it there as well.
 */
export function invalidPromotionCode(): AppError {
  return new AppError("promotion_code_invalid", { field: "promotionCode" });
}

/**
 * Applies a code to a payment of this customer, inside the caller's transaction: the code's row is locked (`for
 * update`) until the transaction ends, so two customers racing for its last use take turns, and the second counts the
 * first's payment or card checkout. Every rule is checked again here; the price comes from the catalog and the code,
 * never the browser. Nothing is recorded: the payment the caller writes, naming the code, is the use, or the
 * reservation a card checkout holds until its session is paid. `lock: false` for a quote, which writes nothing.
 */
export async function applyPromotionCode(
  tx: Executor,
  userId: string,
  target: PromotionTarget,
  code: string,
  { lock = true, now = new Date() }: { lock?: boolean; now?: Date } = {},
): Promise<AppliedPromotion> {
  const text = code.trim();
  if (!isPromotionCodeShape(text)) throw invalidPromotionCode();
  const found = tx.select().from(promotionCodes).where(sql`upper(${promotionCodes.code}) = upper(${text})`);
  const [row] = lock ? await found.for("update") : await found;
  const usage = row ? await promotionUses(tx, row.id, userId, { now }) : null;
  const refusal = promotionRefusal(row && usage ? { ...row, ...usage } : null, target.serviceType, now);
  if (refusal || !row) throw invalidPromotionCode();
  return {
    promotionCodeId: row.id,
    promotionCode: row.code,
    ...promotionPrice(paymentAmount(target.serviceType, target.paymentNumber), row),
  };
}

/**
 * A code's uses as the maximum counts them: payments naming it that were not rejected (a rejected one gave its use
 * back), and the card checkouts of other customers still holding one (a reservation until `expires_at`; a customer's
 * own never stands in their way, and one whose payment already counts is not counted twice). Also whether this
 * customer has one of those payments. `exceptPaymentId`: the payment being priced again, left out of both.
 */
export async function promotionUses(
  tx: Executor,
  promotionCodeId: string,
  userId: string,
  { exceptPaymentId, now = new Date() }: { exceptPaymentId?: string; now?: Date } = {},
): Promise<{ uses: number; usedByCustomer: boolean }> {
  const [usage] = await tx
    .select({
      uses: sql<number>`count(*)::int`,
      usedByCustomer: sql<boolean>`coalesce(bool_or(${payments.userId} = ${userId}), false)`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.promotionCodeId, promotionCodeId),
        ne(payments.status, "rejected"),
        exceptPaymentId ? ne(payments.id, exceptPaymentId) : undefined,
      ),
    );
  const [held] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(promotionReservations)
    .where(
      and(
        eq(promotionReservations.promotionCodeId, promotionCodeId),
        ne(promotionReservations.userId, userId),
        gt(promotionReservations.expiresAt, now),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(payments)
            .where(
              and(
                eq(payments.promotionCodeId, promotionCodeId),
                eq(payments.userId, promotionReservations.userId),
                ne(payments.status, "rejected"),
              ),
            ),
        ),
      ),
    );
  return { uses: Number(usage?.uses ?? 0) + Number(held?.count ?? 0), usedByCustomer: usage?.usedByCustomer === true };
}

/** A code by its id, its row locked until the transaction ends (the card webhook re-prices a paid session with it). */
export async function lockPromotionCode(tx: Executor, promotionCodeId: string) {
  const [row] = await tx.select().from(promotionCodes).where(eq(promotionCodes.id, promotionCodeId)).for("update");
  return row;
}
