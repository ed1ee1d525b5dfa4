import { and, eq, isNull, sql } from "drizzle-orm";
import { paymentRefunds, payments } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import type { Db } from "~/lib/db/db.server";
import { AppError } from "~/lib/http/app-error";
import { logger } from "~/lib/logger.server";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Stripe } from "~/lib/stripe.server";
import { paymentIntentIdOf, recordRefundedTotal } from "./confirm-card-refund.server";
import {
  fromCents,
  refundPaymentSchema,
  remainingRefundCents,
  toCents,
  type RefundPaymentInput,
} from "./payment-refunds";
import type { Deps } from "~/lib/services.server";

/** How the refund stands once the call returns: done (Zelle), or asked of Stripe and waiting for its confirmation (card). */
export interface RefundOutcome {
  refundId: string;
  status: "completed" | "pending";
}

const notFound = () => new AppError("payment_not_found");

/**
 * An admin gives money back on a completed payment, all that is left or part of it, with a reason the customer
 * reads. `userId`, when given, is the customer whose page the admin is on: another customer's payment is not
 * reachable from it (404, as a payment that does not exist).
 *
 * The payment's row is locked while the refund is checked and written, so two admins refunding at once cannot give
 * back more than was paid: what is left is the amount less the completed refunds and the card refunds still waiting
 * for Stripe.
 * - Zelle (any payment not made by card): the transfer back is made outside the portal, so the refund is recorded
 *   completed at once, with the payment's refunded amount (and `refunded` status when it is all of it), the
 *   customer's notification and the audit event, in one transaction.
 * - Card: a `pending` refund and the audit event are committed first, then Stripe is asked (the refund row's id is
 *   the idempotency key, so a retried call never refunds twice). The `charge.refunded` webhook completes it
 *   (confirm-card-refund.server.ts); if Stripe refuses, the row is marked `failed` and nothing else changes.
 */
export async function refundPayment(
  { db, bus, stripe }: Pick<Deps, "db" | "bus" | "stripe">,
  actor: Actor | null,
  input: RefundPaymentInput & { userId?: string },
): Promise<RefundOutcome> {
  const admin = requireAdminActor(actor);
  const parsed = refundPaymentSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("invalid_input", {
      detail: issue?.message,
      field: typeof issue?.path[0] === "string" ? issue.path[0] : undefined,
    });
  }
  const { paymentId, amount, reason } = parsed.data;
  const cents = toCents(amount);
  // A deleted customer's payment (no user id) has no page to be refunded from.
  const reachable = (row: { userId: string | null } | undefined): row is { userId: string } =>
    row !== undefined && row.userId !== null && (input.userId === undefined || row.userId === input.userId);

  // A first look, without the lock, so that nothing is asked of Stripe for a payment that cannot be refunded.
  const [found] = await db
    .select({
      userId: payments.userId,
      status: payments.status,
      paymentMethod: payments.paymentMethod,
      stripeSessionId: payments.stripeSessionId,
      stripePaymentIntentId: payments.stripePaymentIntentId,
    })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!reachable(found)) throw notFound();
  if (found.status !== "completed") throw new AppError("payment_not_refundable");
  const byCard = found.paymentMethod === "card";
  let intentId = found.stripePaymentIntentId;
  if (byCard) {
    if (!stripe) throw new AppError("card_payments_not_configured");
    intentId ??= await rememberPaymentIntent(db, stripe, paymentId, found.stripeSessionId);
  }

  const { refund, customerId, changes } = await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!payment || !reachable(payment)) throw notFound();
    if (payment.status !== "completed") throw new AppError("payment_not_refundable");
    const [waiting] = await tx
      .select({ total: sql<string | null>`sum(${paymentRefunds.amount})` })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, "pending")));
    const pendingCents = toCents(Number(waiting?.total ?? 0));
    const remaining = remainingRefundCents(payment, pendingCents);
    if (remaining <= 0) throw new AppError("payment_not_refundable");
    if (cents > remaining) throw new AppError("refund_exceeds_remaining", { field: "amount" });

    const [written] = await tx
      .insert(paymentRefunds)
      .values({
        paymentId,
        userId: payment.userId,
        amount: fromCents(cents),
        reason,
        status: byCard ? "pending" : "completed",
        refundedBy: admin.id,
        completedAt: byCard ? null : new Date(),
      })
      .returning();
    const changes: Change[] = [{ table: "payments", userId: payment.userId }];
    if (!byCard) {
      const refundedCents = toCents(payment.refundedAmount) + cents;
      changes.push(...(await recordRefundedTotal(tx, payment, { refundedCents, newCents: cents, reason })));
    }
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "payment.refund",
      customerId: payment.userId,
      detail: {
        paymentId,
        refundId: written!.id,
        amount: fromCents(cents),
        reason,
        method: payment.paymentMethod,
        serviceType: payment.serviceType,
        paymentNumber: payment.paymentNumber,
      },
    });
    return { refund: written!, customerId: payment.userId, changes };
  });
  await publishChanges(bus, changes);
  if (!byCard) return { refundId: refund.id, status: "completed" };

  let created: Stripe.Refund;
  try {
    created = await stripe!.refunds.create(
      { payment_intent: intentId!, amount: cents, metadata: { paymentId, refundId: refund.id } },
      { idempotencyKey: refund.id },
    );
  } catch (error) {
    logger.warn({ err: error, paymentId, refundId: refund.id }, "Stripe refused a card refund");
    await db
      .update(paymentRefunds)
      .set({ status: "failed" })
      .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, "pending")));
    await publishChanges(bus, [{ table: "payments", userId: customerId }]);
    throw new AppError("card_refund_failed");
  }
  // Kept so the webhook can name it; the webhook may already have completed the row (and named it) meanwhile.
  await db
    .update(paymentRefunds)
    .set({ stripeRefundId: created.id })
    .where(and(eq(paymentRefunds.id, refund.id), isNull(paymentRefunds.stripeRefundId)));
  return { refundId: refund.id, status: "pending" };
}

/**
 * A card payment recorded before the payment's intent was kept: its Checkout Session names it. Read from Stripe and
 * stored, so the next refund (and the webhook) finds it at once.
 */
async function rememberPaymentIntent(
  db: Db,
  stripe: Stripe,
  paymentId: string,
  sessionId: string | null,
): Promise<string> {
  if (!sessionId) throw new AppError("card_refund_failed");
  let intentId: string | null;
  try {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    intentId = paymentIntentIdOf(session.payment_intent);
  } catch (error) {
    logger.warn({ err: error, paymentId, sessionId }, "Could not read a card payment's Checkout Session from Stripe");
    throw new AppError("card_refund_failed");
  }
  if (!intentId) throw new AppError("card_refund_failed");
  await db
    .update(payments)
    .set({ stripePaymentIntentId: intentId })
    .where(and(eq(payments.id, paymentId), isNull(payments.stripePaymentIntentId)));
  return intentId;
}
