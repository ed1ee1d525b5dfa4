import { and, eq } from "drizzle-orm";
import { payments, profiles } from "~db/schema";
import type { Db, Executor } from "~/lib/db/db.server";
import { publishChanges, type ChangeBus } from "~/lib/realtime/realtime.server";
import { paymentSubtitleIn } from "~/domain/service-texts";
import { englishI18n } from "~/lib/i18n/translate";
import { paymentAmount } from "~/domain/service-catalog";
import { lockPromotionCode, promotionUses } from "~/features/promotions/apply-promotion-code.server";
import { promotionPrice } from "~/features/promotions/promotion-pricing";
import type { Actor } from "~/lib/auth/session";
import type { Stripe } from "~/lib/stripe.server";
import { paymentTargetSchema, type PaymentTarget } from "./payments.schemas";
import { AppError } from "~/lib/http/app-error";
import { recordStripeEvent } from "./stripe-events.server";
import { confirmCardRefund, paymentIntentIdOf, type RefundWebhookOutcome } from "./confirm-card-refund.server";

export interface HandleCardWebhookDeps {
  db: Db;
  bus: ChangeBus;
  stripe: Stripe | null;
  webhookSecret: string | undefined;
}

/** The webhook's request: the exact bytes Stripe signed, and its Stripe-Signature header. */
export interface CardWebhookInput {
  rawBody: Buffer;
  signature: string | undefined;
}

export type WebhookOutcome = "completed" | "completed-pending-zelle" | "already-paid" | "duplicate" | "ignored" | RefundWebhookOutcome;

/** The only currency the catalog charges in. */
const CHECKOUT_CURRENCY = "usd";

const FULFILLING_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

const UUID = /^[0-9a-f-]{36}$/i;

/** The payment a session pays, its customer and the promotion code it was priced with (null: none). */
function sessionTarget(session: Stripe.Checkout.Session): (PaymentTarget & { userId: string; promotionCodeId: string | null }) | null {
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
function chargeMismatch(session: Pick<Stripe.Checkout.Session, "currency" | "amount_total">, expected: number): string | null {
  if (session.currency !== CHECKOUT_CURRENCY) return `currency ${session.currency ?? "missing"} is not ${CHECKOUT_CURRENCY}`;
  if (session.amount_total !== expected) return `amount_total ${session.amount_total ?? "missing"} is not ${expected}`;
  return null;
}

/**
 * Stripe's webhook; the card provider acts here, not a signed-in user (`actor` is always null). Verified on
 * the raw body, idempotent on the event id (recorded in the same transaction as its effect). A paid
 * checkout of the catalog's amount in US dollars (less the discount of the promotion code it was priced with, whose id
 * is in its metadata) completes the payment, with the code and discount; any other amount or currency is
 * recorded as ignored, with the reason, and completes nothing. If a Zelle proof for the same payment is
 * still pending, that row is completed as paid by card, with a note in admin_notes (two live rows are not
 * allowed).
 */
export async function handleCardWebhook(
  deps: HandleCardWebhookDeps,
  _actor: Actor | null,
  input: CardWebhookInput,
): Promise<WebhookOutcome> {
  if (!deps.stripe || !deps.webhookSecret) throw new AppError("card_webhook_not_configured");
  if (!input.signature) throw new AppError("webhook_signature_missing");
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(input.rawBody, input.signature, deps.webhookSecret);
  } catch {
    throw new AppError("webhook_signature_invalid");
  }
  // A refund (asked for by an admin, or made in Stripe's dashboard) is confirmed by its own event.
  if (event.type === "charge.refunded") return confirmCardRefund(deps, event);
  if (!FULFILLING_EVENTS.has(event.type)) return "ignored";
  const session = event.data.object as Stripe.Checkout.Session;
  const target = sessionTarget(session);
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";

  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const record = (result: WebhookOutcome, detail: string = result) => recordStripeEvent(tx, event, detail);
    const ignore = async (reason: string): Promise<WebhookOutcome> =>
      (await record("ignored", `ignored: ${reason}`)) ? "ignored" : "duplicate";
    if (!target) return ignore("no payment in metadata");
    if (!paid) return ignore("not paid");
    // The price the customer was quoted at checkout, from the code's terms (which never change): a code deactivated
    // or past its last day since then is no reason to refuse what was paid, but the amount must match.
    const promotion = target.promotionCodeId ? await lockPromotionCode(tx, target.promotionCodeId) : null;
    if (target.promotionCodeId && !promotion) return ignore("unknown promotion code");
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
      return outcome;
    }
    const [owner] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, target.userId));
    if (!owner) return ignore("unknown user");

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
    const current = live.find((p) => p.status === "completed") ?? live.find((p) => p.status !== "rejected" && p.status !== "refunded");
    const result: WebhookOutcome = !current
      ? "completed"
      : current.status === "completed"
        ? "already-paid"
        : "completed-pending-zelle";
    if (!(await record(result))) return "duplicate";

    const amount = price.amount;
    const priced = await promotionFields(tx, session.id, target.userId, promotion, price.discount, current?.id);
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
      const note = [`Paid by card (Stripe Checkout ${session.id}) while this Zelle proof was pending review; the proof was not reviewed.`, priced.note]
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
    } else if (current?.stripeSessionId !== session.id) {
      console.warn(
        `Stripe session ${session.id} paid ${paymentSubtitleIn(englishI18n(), target.serviceType, target.paymentNumber)} a second time; refund it in Stripe.`,
      );
    }
    return result;
  });

  if ((outcome === "completed" || outcome === "completed-pending-zelle") && target) {
    await publishChanges(deps.bus, [{ table: "payments", userId: target.userId }]);
  }
  return outcome;
}

/**
 * The promotion columns of a paid session's payment. The payment is its code's use, unless the customer already has
 * another (two checkouts with one code, both paid): the one-use index would refuse the row and the webhook would fail
 * on every redelivery, so the payment is recorded anyway, at the price it was paid, with the code's text and
 * discount but not counted as a second use, and a note for the admin. `exceptPaymentId`: a pending Zelle proof this
 * payment replaces (its own use of the code does not count).
 */
async function promotionFields(
  tx: Executor,
  sessionId: string,
  userId: string,
  promotion: { id: string; code: string } | null | undefined,
  discount: number,
  exceptPaymentId: string | undefined,
): Promise<{ fields: { discount: number; promotionCodeId: string | null; promotionCode: string | null }; note: string | null }> {
  if (!promotion) return { fields: { discount: 0, promotionCodeId: null, promotionCode: null }, note: null };
  const { usedByCustomer } = await promotionUses(tx, promotion.id, userId, exceptPaymentId);
  if (!usedByCustomer) return { fields: { discount, promotionCodeId: promotion.id, promotionCode: promotion.code }, note: null };
  console.warn(`Stripe session ${sessionId} used promotion code ${promotion.code} that its customer had already used; recorded at the price paid.`);
  return {
    fields: { discount, promotionCodeId: null, promotionCode: promotion.code },
    note: `Paid by card with promotion code ${promotion.code}, which this customer had already used on another payment; recorded at the discounted price paid, not counted as a second use.`,
  };
}
