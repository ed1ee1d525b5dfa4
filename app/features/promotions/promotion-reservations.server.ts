import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { promotionReservations } from "~db/schema";
import type { Executor } from "~/lib/db/db.server";

/**
 * Holds one use of a code for this customer's card checkout until `expiresAt` (the session's own end), so that no
 * one else can take it while the customer is on the card provider's page. Called with the code's row locked (after
 * `applyPromotionCode`), so the check and the hold are one step for every customer racing for the last use. The
 * code's lapsed reservations are cleared on the way; the customer's earlier one is replaced (one per customer and
 * code), under a new id so that an older checkout still on its way cannot attach its session to this one. Returns
 * the reservation's id.
 */
export async function reservePromotionUse(
  tx: Executor,
  { promotionCodeId, userId, expiresAt, now }: { promotionCodeId: string; userId: string; expiresAt: Date; now: Date },
): Promise<string> {
  await tx
    .delete(promotionReservations)
    .where(and(eq(promotionReservations.promotionCodeId, promotionCodeId), lte(promotionReservations.expiresAt, now)));
  const [held] = await tx
    .insert(promotionReservations)
    .values({ promotionCodeId, userId, expiresAt, createdAt: now })
    .onConflictDoUpdate({
      target: [promotionReservations.promotionCodeId, promotionReservations.userId],
      set: { id: sql`gen_random_uuid()`, stripeSessionId: null, expiresAt, createdAt: now },
    })
    .returning({ id: promotionReservations.id });
  return held!.id;
}

/** Names the checkout session a reservation holds its use for (the webhook finds it by the session). */
export async function attachReservationSession(db: Executor, reservationId: string, sessionId: string): Promise<void> {
  await db
    .update(promotionReservations)
    .set({ stripeSessionId: sessionId })
    .where(eq(promotionReservations.id, reservationId));
}

/** Gives back a reservation whose checkout session could not be made. */
export async function dropReservation(db: Executor, reservationId: string): Promise<void> {
  await db
    .delete(promotionReservations)
    .where(and(eq(promotionReservations.id, reservationId), isNull(promotionReservations.stripeSessionId)));
}

/**
 * Ends the reservation of a checkout session, in the caller's transaction: it was paid (the payment is now the use)
 * or it expired. Returns when it would have lapsed, or null when the session held none (any more).
 */
export async function endSessionReservation(tx: Executor, sessionId: string): Promise<{ expiresAt: Date } | null> {
  const [ended] = await tx
    .delete(promotionReservations)
    .where(eq(promotionReservations.stripeSessionId, sessionId))
    .returning({ expiresAt: promotionReservations.expiresAt });
  return ended ?? null;
}
