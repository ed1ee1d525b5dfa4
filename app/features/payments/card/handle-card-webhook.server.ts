import { and, eq } from "drizzle-orm";
import { payments, profiles } from "~db/schema";
import type { Db, Executor } from "~/lib/db/db.server";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { paymentSubtitleIn } from "~/domain/service-texts";
import { englishI18n } from "~/lib/i18n/translate";
import { paymentAmount } from "~/domain/service-catalog";
import { lockPromotionCode, promotionUses } from "~/features/promotions/apply-promotion-code.server";
import { promotionPrice } from "~/features/promotions/promotion-pricing";
import { endSessionReservation } from "~/features/promotions/promotion-reservations.server";
import { notify } from "~/features/notifications/notify.server";
import type { Change } from "~/lib/realtime/realtime";
import type { Stripe } from "~/lib/stripe.server";
import { paymentTargetSchema, type PaymentTarget } from "../payments.schemas";
import { AppError } from "~/lib/http/app-error";
import { recordStripeEvent } from "./stripe-events.server";
import { confirmCardRefund, paymentIntentIdOf, type RefundWebhookOutcome } from "../refunds/confirm-card-refund.server";
import type { Deps } from "~/lib/services.server";
import { markLeadsWon } from "~/features/leads/mark-lead-won.server";

/** The webhook's request: the exact bytes Stripe signed, and its Stripe-Signature header. */
export interface CardWebhookInput {
  rawBody: Buffer;
  signature: string | undefined;
}

export type WebhookOutcome =
  | "completed"
  | "completed-pending-zelle"
  | "already-paid"
  | "expired"
  | "duplicate"
  | "ignored"
  | RefundWebhookOutcome;

/** The only currency the catalog charges in. */
const CHECKOUT_CURRENCY = "usd";

const FULFILLING_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

const UUID = /^[0-9a-f-]{36}$/i;

/** The payment a session pays, its customer and the promotion code it was priced with (null: none). */
function sessionTarget(
  session: Stripe.Checkout.Session,
): (PaymentTarget & { userId: string; promotionCodeId: string | null }) | null {
  const metadata = session.metadata ?? {};
  const parsed = paymentTargetSchema.safeParse({
    serviceType: metadata.serviceType,
    paymentNumber: metadata.paymentNumber,
  });
  const userId = metadata.userId ?? session.client_reference_id;
  const promotionCodeId = metadata.promotionCodeId || null;
  if (!parsed.success || !userId || !UUID.test(userId) || (promotionCodeId && !UUID.test(promotionCodeId))) return null;
  return { ...parsed.data, userId, promotionCodeId };
}

/** Why a paid session does not pay its payment's price (in cents: the catalog's, less its code's discount), or null when it does. */
function chargeMismatch(
  session: Pick<Stripe.Checkout.Session, "currency" | "amount_total">,
  expected: number,
): string | null {
  if (session.currency !== CHECKOUT_CURRENCY)
    return `currency ${session.currency ?? "missing"} is not ${CHECKOUT_CURRENCY}`;
  if (session.amount_total !== expected) return `amount_total ${session.amount_total ?? "missing"} is not ${expected}`;
  return null;
}

/**
 * The card provider's event in a webhook request, verified on the raw body with the webhook secret; anything else is
 * refused (no signature, a wrong one, a body changed on the way).
 */
export function verifyCardWebhook(deps: Pick<Deps, "stripe" | "webhookSecret">, input: CardWebhookInput): Stripe.Event {
  if (!deps.stripe || !deps.webhookSecret) throw new AppError("card_webhook_not_configured");
  if (!input.signature) throw new AppError("webhook_signature_missing");
  try {
    return deps.stripe.webhooks.constructEvent(input.rawBody, input.signature, deps.webhookSecret);
  } catch {
    throw new AppError("webhook_signature_invalid");
  }
}

/**
 * A verified event of the one-off payments, idempotent on the event id (recorded in the same transaction as its
 * effect). A paid
 * checkout of the catalog's amount in US dollars (less the discount of the promotion code it was priced with, whose id
 * is in its metadata) completes the payment, with the code and discount; any other amount or currency is
 * recorded as ignored, with the reason, and completes nothing. If a Zelle proof for the same payment is
 * still pending, that row is completed as paid by card, with a note in admin_notes (two live rows are not
 * allowed). A paid session ends its hold on its code's use (the payment is the use now); a session that expired
 * unpaid (`checkout.session.expired`) gives the use back.
 */
export async function handleCardEvent(
  deps: Pick<Deps, "db" | "bus" | "stripe" | "now">,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  // A refund (asked for by an admin, or made in Stripe's dashboard) is confirmed by its own event.
  if (event.type === "charge.refunded") return confirmCardRefund(deps, event);
  if (event.type === "checkout.session.expired") return releaseExpiredSession(deps.db, event);
  if (!FULFILLING_EVENTS.has(event.type)) return "ignored";
  const session = event.data.object as Stripe.Checkout.Session;
  const target = sessionTarget(session);
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  const now = deps.now?.() ?? new Date();

  const { outcome, changes } = await deps.db.transaction(
    async (tx): Promise<{ outcome: WebhookOutcome; changes: Change[] }> => {
      const done = (result: WebhookOutcome, told: Change[] = []) => ({ outcome: result, changes: told });
      const record = (result: WebhookOutcome, detail: string = result) => recordStripeEvent(tx, event, detail);
      const ignore = async (reason: string): Promise<WebhookOutcome> =>
        (await record("ignored", `ignored: ${reason}`)) ? "ignored" : "duplicate";
      if (!target) return done(await ignore("no payment in metadata"));
      if (!paid) return done(await ignore("not paid"));
      // The price the customer was quoted at checkout, from the code's terms (which never change): a code deactivated
      // or past its last day since then is no reason to refuse what was paid, but the amount must match.
      const promotion = target.promotionCodeId ? await lockPromotionCode(tx, target.promotionCodeId) : null;
      if (target.promotionCodeId && !promotion) return done(await ignore("unknown promotion code"));
      const listPrice = paymentAmount(target.serviceType, target.paymentNumber);
      const price = promotion ? promotionPrice(listPrice, promotion) : { listPrice, discount: 0, amount: listPrice };
      const mismatch = chargeMismatch(session, Math.round(price.amount * 100));
      if (mismatch) {
        const outcome = await ignore(mismatch);
        // Logged once per event (a redelivery is a duplicate): someone should look at this session in Stripe.
        if (outcome === "ignored") {
          console.warn(
            `Stripe session ${session.id} (event ${event.id}) for ${paymentSubtitleIn(englishI18n(), target.serviceType, target.paymentNumber)} was ignored: ${mismatch}.`,
          );
        }
        return done(outcome);
      }
      const [owner] = await tx
        .select({ id: profiles.id, fullName: profiles.fullName, companyName: profiles.companyName })
        .from(profiles)
        .where(eq(profiles.id, target.userId));
      if (!owner) return done(await ignore("unknown user"));

      const live = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.userId, target.userId),
            eq(payments.serviceType, target.serviceType),
            eq(payments.paymentNumber, target.paymentNumber),
          ),
        )
        .for("update");
      // A rejected payment, or one refunded in full, is paid again by a new row.
      const current =
        live.find((p) => p.status === "completed") ??
        live.find((p) => p.status !== "rejected" && p.status !== "refunded");
      const result: WebhookOutcome = !current
        ? "completed"
        : current.status === "completed"
          ? "already-paid"
          : "completed-pending-zelle";
      if (!(await record(result))) return done("duplicate");
      // The session's hold on its code's use ends here, whatever it paid for: the payment below is the use now.
      const reservation = promotion ? await endSessionReservation(tx, session.id) : null;
      if (result === "already-paid") {
        if (current?.stripeSessionId !== session.id) {
          console.warn(
            `Stripe session ${session.id} paid ${paymentSubtitleIn(englishI18n(), target.serviceType, target.paymentNumber)} a second time; refund it in Stripe.`,
          );
        }
        return done(result);
      }

      const amount = price.amount;
      const priced = await promotionFields(tx, {
        sessionId: session.id,
        userId: target.userId,
        promotion,
        discount: price.discount,
        exceptPaymentId: current?.id,
        held: reservation !== null && reservation.expiresAt > now,
        now,
      });
      if (result === "completed") {
        await tx.insert(payments).values({
          userId: target.userId,
          serviceType: target.serviceType,
          paymentNumber: target.paymentNumber,
          amount,
          ...priced.fields,
          ...(priced.note ? { adminNotes: priced.note } : {}),
          paymentMethod: "card",
          status: "completed",
          stripeSessionId: session.id,
          stripePaymentIntentId: paymentIntentIdOf(session.payment_intent),
        });
      } else if (result === "completed-pending-zelle" && current) {
        const note = [
          `Paid by card (Stripe Checkout ${session.id}) while this Zelle proof was pending review; the proof was not reviewed.`,
          priced.note,
        ]
          .filter(Boolean)
          .join("\n");
        await tx
          .update(payments)
          .set({
            status: "completed",
            paymentMethod: "card",
            amount,
            ...priced.fields,
            stripeSessionId: session.id,
            stripePaymentIntentId: paymentIntentIdOf(session.payment_intent),
            adminNotes: current.adminNotes ? `${current.adminNotes}\n${note}` : note,
          })
          .where(eq(payments.id, current.id));
      }
      // The admins hear of a payment the code's maximum could not take, in the transaction that records it.
      const told =
        priced.overLimit && promotion
          ? await notify(tx, {
              to: { admins: "newSubmission" },
              type: "promotion_over_limit",
              data: {
                customerId: target.userId,
                fullName: owner.fullName,
                companyName: owner.companyName,
                service: target.serviceType,
                paymentNumber: target.paymentNumber,
                amount,
                code: promotion.code,
                maxUses: promotion.maxUses ?? 0,
              },
            })
          : [];
      // The customer's first completed payment makes the lead they came from Won.
      return done(result, [...told, ...(await markLeadsWon(tx, target.userId, now))]);
    },
  );

  if ((outcome === "completed" || outcome === "completed-pending-zelle") && target) {
    await publishChanges(deps.bus, [{ table: "payments", userId: target.userId }, ...changes]);
  }
  return outcome;
}

/**
 * A checkout session that expired unpaid gives back the use of a code it held, so the next customer may have it
 * before the hold would have lapsed by itself; recorded once by its event id, as every event is.
 */
async function releaseExpiredSession(db: Db, event: Stripe.Event): Promise<WebhookOutcome> {
  const session = event.data.object as Stripe.Checkout.Session;
  return db.transaction(async (tx) => {
    if (!(await recordStripeEvent(tx, event, "expired"))) return "duplicate";
    await endSessionReservation(tx, session.id);
    return "expired";
  });
}

/**
 * The promotion columns of a paid session's payment. The payment is its code's use, with two exceptions, each recorded
 * anyway (the customer paid; a refusal would fail the webhook on every redelivery) at the price it was paid, with the
 * code's text and discount but not counted as a use, and a note for the admin:
 * - the customer already has another use of it (two checkouts with one code, both paid): the one-use index would
 *   refuse the row;
 * - the session holds no use any more (`held`: it had a reservation, still live as the payment is recorded; it lapses
 *   when the webhook comes late, or the bank took longer than the session's hour) and the other customers have taken
 *   every use the code has meanwhile: counting it would take the code past its maximum (`overLimit`: the admins are
 *   told).
 * `exceptPaymentId`: a pending Zelle proof this payment replaces (its own use of the code does not count).
 */
async function promotionFields(
  tx: Executor,
  {
    sessionId,
    userId,
    promotion,
    discount,
    exceptPaymentId,
    held,
    now,
  }: {
    sessionId: string;
    userId: string;
    promotion: { id: string; code: string; maxUses: number | null } | null | undefined;
    discount: number;
    exceptPaymentId: string | undefined;
    held: boolean;
    now: Date;
  },
): Promise<{
  fields: { discount: number; promotionCodeId: string | null; promotionCode: string | null };
  note: string | null;
  overLimit: boolean;
}> {
  if (!promotion)
    return { fields: { discount: 0, promotionCodeId: null, promotionCode: null }, note: null, overLimit: false };
  const uncounted = { discount, promotionCodeId: null, promotionCode: promotion.code };
  const { uses, usedByCustomer } = await promotionUses(tx, promotion.id, userId, { exceptPaymentId, now });
  if (usedByCustomer) {
    console.warn(
      `Stripe session ${sessionId} used promotion code ${promotion.code} that its customer had already used; recorded at the price paid.`,
    );
    return {
      fields: uncounted,
      note: `Paid by card with promotion code ${promotion.code}, which this customer had already used on another payment; recorded at the discounted price paid, not counted as a second use.`,
      overLimit: false,
    };
  }
  if (!held && promotion.maxUses !== null && uses >= promotion.maxUses) {
    console.warn(
      `Stripe session ${sessionId} used promotion code ${promotion.code} after all its uses were taken; recorded at the price paid.`,
    );
    return {
      fields: uncounted,
      note: `Paid by card with promotion code ${promotion.code} after this checkout's hold on one of its uses had lapsed, when all ${promotion.maxUses} of its uses were already taken; recorded at the discounted price paid, not counted as a use.`,
      overLimit: true,
    };
  }
  return {
    fields: { discount, promotionCodeId: promotion.id, promotionCode: promotion.code },
    note: null,
    overLimit: false,
  };
}
