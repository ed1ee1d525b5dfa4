import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { carePlans, paymentRefunds, payments, planSubscriptions } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Db, Executor } from "~/lib/db/db.server";
import { logger } from "~/lib/logger.server";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Stripe } from "~/lib/stripe.server";
import type { ServiceType } from "~/domain/service-catalog";
import { recordStripeEvent } from "../card/stripe-events.server";
import { fromCents, fullRefundNextSteps, statusAfterRefunds, toCents } from "./payment-refunds";
import { STRIPE_REFUND_REASON } from "~/features/notifications/payment-notifications";
import type { Deps } from "~/lib/services.server";

/**
 * What a `charge.refunded` event did: refunds completed (`refunded`), nothing new (the portal already counts
 * all Stripe refunded), a replay of an event already handled, or nothing (not a payment of the portal).
 */
export type RefundWebhookOutcome = "refunded" | "refund-already-recorded" | "duplicate" | "ignored";

/** The id of a PaymentIntent, whether Stripe sent the id or the expanded object. */
export function paymentIntentIdOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/**
 * A card payment recorded before its PaymentIntent was kept, refunded in Stripe: its Checkout Session names the
 * intent. Looked up once (outside the transaction: a network call) and stored on the payment.
 */
async function findLegacyPayment(db: Db, stripe: Stripe | null, intentId: string): Promise<void> {
  const [known] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.stripePaymentIntentId, intentId))
    .limit(1);
  if (known || !stripe) return;
  const sessions = await stripe.checkout.sessions.list({ payment_intent: intentId, limit: 1 });
  const session = sessions.data[0];
  if (!session) return;
  await db
    .update(payments)
    .set({ stripePaymentIntentId: intentId })
    .where(and(eq(payments.stripeSessionId, session.id), isNull(payments.stripePaymentIntentId)));
}

/**
 * Stripe's `charge.refunded` event (already verified by verifyCardWebhook), idempotent on the event id, recorded in
 * the same transaction as its effect. The charge's cumulative `amount_refunded` is the truth: the portal's
 * refunds it covers are marked completed (those the event names, by Stripe's refund id or our refund id in its
 * metadata; else the pending ones, oldest first), and whatever Stripe refunded beyond them (a refund made in
 * Stripe's dashboard) is recorded as a completed refund of its own, so no refund goes unrecorded. Then the payment's
 * refunded amount and status follow, and the customer is told (notification and e-mail).
 */
/**
 * A payment's refunded total after new money went back, its status (`refunded` once it is all of it), and the
 * customer's notification and e-mail of the refund, in the caller's transaction. Answers the notification's changes.
 */
export async function recordRefundedTotal(
  tx: Executor,
  payment: {
    id: string;
    userId: string | null;
    amount: number;
    serviceType: string | null;
    paymentNumber: number;
    planSubscriptionId: string | null;
  },
  { refundedCents, newCents, reason }: { refundedCents: number; newCents: number; reason: string | null },
): Promise<Change[]> {
  const status = statusAfterRefunds(payment.amount, refundedCents);
  await tx
    .update(payments)
    .set({ refundedAmount: fromCents(refundedCents), status })
    .where(eq(payments.id, payment.id));
  const full = status === "refunded";
  // A deleted customer's payment (kept for the books) is refunded without anyone to tell.
  if (payment.userId === null) return [];
  // A care plan's monthly charge is named by its plan.
  const [plan] = payment.planSubscriptionId
    ? await tx
        .select({ en: carePlans.nameEn, es: carePlans.nameEs })
        .from(planSubscriptions)
        .innerJoin(carePlans, eq(carePlans.id, planSubscriptions.planId))
        .where(eq(planSubscriptions.id, payment.planSubscriptionId))
    : [];
  return notify(tx, {
    to: { customer: payment.userId },
    type: "payment",
    data: {
      kind: "refund",
      ...(payment.serviceType ? { service: payment.serviceType as ServiceType } : plan ? { plan } : {}),
      paymentNumber: payment.paymentNumber,
      amount: fromCents(newCents),
      full,
      reason,
    },
    // A service's payment refunded in full locks its page again; a plan's charge locks nothing.
    emailNext: full && payment.serviceType ? fullRefundNextSteps : undefined,
  });
}

export async function confirmCardRefund(
  deps: Pick<Deps, "db" | "bus" | "stripe">,
  event: Stripe.Event,
): Promise<RefundWebhookOutcome> {
  const charge = event.data.object as Stripe.Charge;
  const intentId = paymentIntentIdOf(charge.payment_intent);
  if (intentId) await findLegacyPayment(deps.db, deps.stripe, intentId);

  const result = await deps.db.transaction(
    async (tx): Promise<{ outcome: RefundWebhookOutcome; changes: Change[] }> => {
      const record = (detail: string) => recordStripeEvent(tx, event, detail);
      const finish = async (outcome: RefundWebhookOutcome, detail: string = outcome) => ({
        outcome: (await record(detail)) ? outcome : ("duplicate" as const),
        changes: [] as Change[],
      });
      if (!intentId) return finish("ignored", "ignored: no payment_intent");
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.stripePaymentIntentId, intentId))
        .for("update");
      if (!payment) return finish("ignored", "ignored: unknown payment_intent");
      if (payment.status !== "completed" && payment.status !== "refunded")
        return finish("ignored", `ignored: payment is ${payment.status}`);

      const amountCents = toCents(payment.amount);
      const stripeCents = charge.amount_refunded;
      if (stripeCents > amountCents) {
        logger.warn(
          { paymentId: payment.id, eventId: event.id },
          `Stripe refunded ${stripeCents} cents of a ${amountCents}-cent payment`,
        );
      }
      const targetCents = Math.min(stripeCents, amountCents);
      const newCents = targetCents - toCents(payment.refundedAmount);
      if (newCents <= 0) return finish("refund-already-recorded");
      if (!(await record("refunded"))) return { outcome: "duplicate", changes: [] };

      // The portal's refunds this charge may cover: pending ones, and failed ones Stripe names (a call that timed out
      // on our side but reached Stripe).
      const open = await tx
        .select()
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.paymentId, payment.id), inArray(paymentRefunds.status, ["pending", "failed"])))
        .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
      const named = (charge.refunds?.data ?? []).filter(
        (refund) => refund.status !== "failed" && refund.status !== "canceled",
      );
      const covered: { row: (typeof open)[number]; stripeRefundId: string | null }[] = [];
      let left = newCents;
      const take = (row: (typeof open)[number], stripeRefundId: string | null) => {
        const cents = toCents(row.amount);
        if (cents > left || covered.some((done) => done.row.id === row.id)) return false;
        covered.push({ row, stripeRefundId });
        left -= cents;
        return true;
      };
      if (named.length > 0) {
        // The event says which refunds these are: only those complete a refund of the portal.
        for (const refund of named) {
          const row = open.find(
            (candidate) => candidate.stripeRefundId === refund.id || candidate.id === refund.metadata?.refundId,
          );
          if (row) take(row, refund.id);
        }
      } else {
        for (const row of open) {
          if (row.status !== "pending") continue;
          if (!take(row, row.stripeRefundId)) break;
        }
      }

      const now = new Date();
      for (const { row, stripeRefundId } of covered) {
        await tx
          .update(paymentRefunds)
          .set({ status: "completed", completedAt: now, stripeRefundId: row.stripeRefundId ?? stripeRefundId })
          .where(eq(paymentRefunds.id, row.id));
      }
      const reasons = covered.map(({ row }) => row.reason);
      if (left > 0) {
        // Refunded in Stripe's dashboard: recorded so the payment's refunds add up to what Stripe gave back.
        const unnamed = named.filter((refund) => !covered.some((done) => done.stripeRefundId === refund.id));
        const stripeRefundId = unnamed.length === 1 && unnamed[0]!.amount === left ? unnamed[0]!.id : null;
        const [outside] = await tx
          .insert(paymentRefunds)
          .values({
            paymentId: payment.id,
            userId: payment.userId,
            amount: fromCents(left),
            reason: STRIPE_REFUND_REASON,
            status: "completed",
            stripeRefundId,
            refundedBy: null,
            completedAt: now,
          })
          .returning({ id: paymentRefunds.id });
        await recordAuditEvent(tx, {
          actorId: null,
          action: "payment.refund",
          customerId: payment.userId,
          detail: {
            paymentId: payment.id,
            refundId: outside!.id,
            amount: fromCents(left),
            reason: STRIPE_REFUND_REASON,
            method: payment.paymentMethod,
            serviceType: payment.serviceType,
            paymentNumber: payment.paymentNumber,
            source: "stripe",
          },
        });
        reasons.push(STRIPE_REFUND_REASON);
      }

      const notified = await recordRefundedTotal(tx, payment, {
        refundedCents: targetCents,
        newCents,
        reason: reasons.length === 1 ? reasons[0]! : null,
      });
      const own: Change[] = payment.userId === null ? [] : [{ table: "payments", userId: payment.userId }];
      return { outcome: "refunded", changes: [...own, ...notified] };
    },
  );

  await publishChanges(deps.bus, result.changes);
  return result.outcome;
}
