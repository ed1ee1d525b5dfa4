import { and, eq } from "drizzle-orm";
import { payments, profiles, stripeEvents } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { publishChanges, type ChangeBus } from "~/lib/realtime/realtime.server";
import { paymentSubtitleIn } from "~/domain/service-texts";
import { englishI18n } from "~/lib/i18n/translate";
import { paymentAmount, paymentAmountCents } from "~/domain/service-catalog";
import type { Actor } from "~/lib/auth/session";
import type { Stripe } from "~/lib/stripe.server";
import { paymentTargetSchema, type PaymentTarget } from "./payments.schemas";
import { AppError } from "~/lib/http/app-error";

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

export type WebhookOutcome = "completed" | "completed-pending-zelle" | "already-paid" | "duplicate" | "ignored";

/** The only currency the catalog charges in. */
const CHECKOUT_CURRENCY = "usd";

const FULFILLING_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

function sessionTarget(session: Stripe.Checkout.Session): (PaymentTarget & { userId: string }) | null {
  const metadata = session.metadata ?? {};
  const parsed = paymentTargetSchema.safeParse({
    serviceType: metadata.serviceType,
    paymentNumber: metadata.paymentNumber,
  });
  const userId = metadata.userId ?? session.client_reference_id;
  if (!parsed.success || !userId || !/^[0-9a-f-]{36}$/i.test(userId)) return null;
  return { ...parsed.data, userId };
}

/** Why a paid session does not pay the catalog's price for its payment, or null when it does. */
function chargeMismatch(
  session: Pick<Stripe.Checkout.Session, "currency" | "amount_total">,
  target: PaymentTarget,
): string | null {
  if (session.currency !== CHECKOUT_CURRENCY) return `currency ${session.currency ?? "missing"} is not ${CHECKOUT_CURRENCY}`;
  const expected = paymentAmountCents(target.serviceType, target.paymentNumber);
  if (session.amount_total !== expected) return `amount_total ${session.amount_total ?? "missing"} is not ${expected}`;
  return null;
}

/**
 * Stripe's webhook; the card provider acts here, not a signed-in user (`actor` is always null). Verified on
 * the raw body, idempotent on the event id (recorded in the same transaction as its effect). A paid
 * checkout of the catalog's amount in US dollars completes the payment; any other amount or currency is
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
  if (!FULFILLING_EVENTS.has(event.type)) return "ignored";
  const session = event.data.object as Stripe.Checkout.Session;
  const target = sessionTarget(session);
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";

  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const record = async (result: WebhookOutcome, detail: string = result) => {
      const inserted = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, outcome: detail })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return inserted.length > 0;
    };
    const ignore = async (reason: string): Promise<WebhookOutcome> =>
      (await record("ignored", `ignored: ${reason}`)) ? "ignored" : "duplicate";
    if (!target) return ignore("no payment in metadata");
    if (!paid) return ignore("not paid");
    const mismatch = chargeMismatch(session, target);
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
    const current = live.find((p) => p.status === "completed") ?? live.find((p) => p.status !== "rejected");
    const result: WebhookOutcome = !current
      ? "completed"
      : current.status === "completed"
        ? "already-paid"
        : "completed-pending-zelle";
    if (!(await record(result))) return "duplicate";

    const amount = paymentAmount(target.serviceType, target.paymentNumber);
    if (result === "completed") {
      await tx.insert(payments).values({
        userId: target.userId,
        serviceType: target.serviceType,
        paymentNumber: target.paymentNumber,
        amount,
        paymentMethod: "card",
        status: "completed",
        stripeSessionId: session.id,
      });
    } else if (result === "completed-pending-zelle" && current) {
      const note = `Paid by card (Stripe Checkout ${session.id}) while this Zelle proof was pending review; the proof was not reviewed.`;
      await tx
        .update(payments)
        .set({
          status: "completed",
          paymentMethod: "card",
          amount,
          stripeSessionId: session.id,
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
