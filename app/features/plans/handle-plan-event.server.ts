import { eq, sql } from "drizzle-orm";
import { carePlans, payments, planSubscriptions, profiles } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { recordStripeEvent } from "~/features/payments/card/stripe-events.server";
import type { Executor } from "~/lib/db/db.server";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";
import type { Stripe } from "~/lib/stripe.server";
import { planProvider, type PlanProvider } from "./plan-provider.server";
import { fromCents, planNames, planStatusOf, planSubscriptionChanges, type PlanStatus } from "./plans";

/** The events of the care plans' subscriptions; every other event is the one-off payments' (handleCardEvent). */
const PLAN_EVENTS = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

export type PlanEventOutcome = "subscription" | "charged" | "charge-failed" | "duplicate" | "ignored";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idOf = (value: string | { id: string } | null | undefined) =>
  !value ? null : typeof value === "string" ? value : value.id;

/** The subscription an event is about, or null when it is not a care plan's event. */
function planSubscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
    const session = object as unknown as Stripe.Checkout.Session;
    return session.mode === "subscription" ? idOf(session.subscription) : null;
  }
  if (!PLAN_EVENTS.has(event.type)) return null;
  if (event.type.startsWith("customer.subscription.")) return (object as unknown as Stripe.Subscription).id;
  const invoice = object as unknown as Stripe.Invoice;
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** Whether the webhook hands this event to the care plans. */
export const isPlanEvent = (event: Stripe.Event) => PLAN_EVENTS.has(event.type) || planSubscriptionIdOf(event) !== null;

/** The subscription's state as the provider holds it now, in the row's terms. */
function stateOf(subscription: Stripe.Subscription, now: Date) {
  const item = subscription.items.data[0];
  const status = planStatusOf(subscription.status);
  const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);
  return {
    status,
    /** The provider gave up on the charge (its retries exhausted): the plan ended unpaid. */
    unpaid: subscription.status === "unpaid" || subscription.cancellation_details?.reason === "payment_failed",
    price: fromCents(item?.price.unit_amount ?? 0),
    stripePriceId: item?.price.id ?? "",
    stripeCustomerId: idOf(subscription.customer) ?? "",
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: seconds(item?.current_period_end),
    startedAt: seconds(subscription.start_date) ?? now,
    endedAt: status === "ended" ? (seconds(subscription.ended_at) ?? now) : null,
  };
}

/**
 * A care plan's subscription event from the card provider (verified by the caller), in any order and any number of
 * times. The subscription is locked for the transaction (two events of one subscription wait for each other, on any
 * instance), the event id recorded (a redelivery changes nothing), and the subscription read from the provider as it
 * is now, so an event late or early never writes an older state. The row is made by whichever event comes first,
 * from the metadata its checkout gave it (the customer and the plan). `invoice.paid` records the month's charge (one
 * payment per invoice, numbered as every receipt); `invoice.payment_failed` tells the customer how to change their
 * card, unless the invoice has been paid since. Moving into past due, ended or active for the first time tells the
 * people concerned, once.
 */
export async function handlePlanEvent(
  deps: Pick<Deps, "db" | "bus" | "stripe" | "now">,
  event: Stripe.Event,
): Promise<PlanEventOutcome> {
  const subscriptionId = planSubscriptionIdOf(event);
  const provider = planProvider(deps);
  const now = deps.now?.() ?? new Date();
  const { outcome, changes, giveUp } = await deps.db.transaction(async (tx) => {
    const done = (result: PlanEventOutcome, told: Change[] = [], end = false) => ({
      outcome: result,
      changes: told,
      giveUp: end,
    });
    if (!subscriptionId) {
      return done((await recordStripeEvent(tx, event, "ignored: no subscription")) ? "ignored" : "duplicate");
    }
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`plan-subscription:${subscriptionId}`}, 0))`);
    const subscription = await provider.subscription(subscriptionId);
    const owner = await ownerOf(tx, subscription.metadata);
    if (!owner) {
      return done((await recordStripeEvent(tx, event, "ignored: no plan in metadata")) ? "ignored" : "duplicate");
    }
    const result: PlanEventOutcome =
      event.type === "invoice.paid"
        ? "charged"
        : event.type === "invoice.payment_failed"
          ? "charge-failed"
          : "subscription";
    if (!(await recordStripeEvent(tx, event, result))) return done("duplicate");

    const state = stateOf(subscription, now);
    const [before] = await tx
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.stripeSubscriptionId, subscriptionId))
      .for("update");
    const pastDueSince = state.status === "past_due" ? (before?.pastDueSince ?? now) : null;
    const { unpaid, ...columns } = state;
    const values = { ...columns, startedAt: before?.startedAt ?? state.startedAt, pastDueSince };
    const [row] = before
      ? await tx.update(planSubscriptions).set(values).where(eq(planSubscriptions.id, before.id)).returning()
      : await tx
          .insert(planSubscriptions)
          .values({ ...values, userId: owner.userId, planId: owner.plan.id, stripeSubscriptionId: subscriptionId })
          .returning();
    const told: Change[] = [...planSubscriptionChanges(owner.userId)];
    const customer = { customerId: owner.userId, fullName: owner.fullName, companyName: owner.companyName };
    const plan = planNames(owner.plan);

    if (event.type === "invoice.paid") {
      told.push(...(await recordCharge(tx, provider, event.data.object as Stripe.Invoice, row!, owner)));
    }
    if (event.type === "invoice.payment_failed") {
      const invoice = await provider.invoice((event.data.object as Stripe.Invoice).id!);
      if (invoice.status !== "paid") {
        told.push(
          ...(await notify(tx, {
            to: { customer: owner.userId },
            type: "plan",
            data: { kind: "failed", plan, amount: fromCents(invoice.amount_due) },
          })),
        );
      }
    }
    const invoice = event.type.startsWith("invoice.") ? (event.data.object as Stripe.Invoice) : null;
    told.push(
      ...(await tellTransition(tx, {
        was: before ? (before.status as PlanStatus) : null,
        now: state.status,
        unpaid,
        customer,
        plan,
        price: state.price,
        amount: invoice ? fromCents(invoice.amount_due) : state.price,
      })),
    );
    return done(result, told, subscription.status === "unpaid");
  });
  await publishChanges(deps.bus, changes);
  // The provider keeps an unpaid subscription, invoicing nobody; cancelled, it can never charge the card again.
  if (giveUp && subscriptionId) await provider.cancelNow(subscriptionId).catch(() => {});
  return outcome;
}

/** The customer and the plan a subscription's metadata names, when both exist. */
async function ownerOf(tx: Executor, metadata: Stripe.Metadata | null | undefined) {
  const userId = metadata?.userId;
  const planId = metadata?.planId;
  if (!userId || !planId || !UUID.test(userId) || !UUID.test(planId)) return null;
  const [found] = await tx
    .select({
      userId: profiles.id,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      plan: { id: carePlans.id, nameEn: carePlans.nameEn, nameEs: carePlans.nameEs },
    })
    .from(profiles)
    .innerJoin(carePlans, eq(carePlans.id, planId))
    .where(eq(profiles.id, userId));
  return found ?? null;
}

/**
 * The month's charge of a paid invoice, as a completed card payment of the subscription (numbered by the receipts'
 * trigger): recorded once per invoice. The amount is what the provider charged; one that is not the subscription's
 * price is recorded all the same (the money was taken) with a note for the admins, and logged. The customer is told,
 * with the receipt's number.
 */
async function recordCharge(
  tx: Executor,
  provider: PlanProvider,
  invoice: Stripe.Invoice,
  subscription: { id: string; price: number },
  owner: { userId: string; plan: { nameEn: string; nameEs: string } },
): Promise<Change[]> {
  if (!invoice.id || invoice.amount_paid <= 0) return [];
  const [known] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.stripeInvoiceId, invoice.id));
  if (known) return [];
  const amount = fromCents(invoice.amount_paid);
  const period = invoice.lines?.data?.[0]?.period;
  const mismatch =
    invoice.currency !== "usd"
      ? `currency ${invoice.currency} is not usd`
      : amount !== subscription.price
        ? `the provider charged ${amount.toFixed(2)}, the subscription's price is ${subscription.price.toFixed(2)}`
        : null;
  if (mismatch) console.warn(`Invoice ${invoice.id} of plan subscription ${subscription.id}: ${mismatch}.`);
  const [payment] = await tx
    .insert(payments)
    .values({
      userId: owner.userId,
      serviceType: null,
      planSubscriptionId: subscription.id,
      amount,
      paymentMethod: "card",
      status: "completed",
      stripeInvoiceId: invoice.id,
      stripePaymentIntentId: await provider.invoicePaymentIntent(invoice.id),
      periodStart: period?.start ? new Date(period.start * 1000) : null,
      periodEnd: period?.end ? new Date(period.end * 1000) : null,
      ...(mismatch ? { adminNotes: `Check this charge in the card provider's dashboard: ${mismatch}.` } : {}),
    })
    .onConflictDoNothing()
    .returning({ receiptNumber: payments.receiptNumber });
  if (!payment) return [];
  const told = await notify(tx, {
    to: { customer: owner.userId },
    type: "plan",
    data: { kind: "charged", plan: planNames(owner.plan), amount, receiptNumber: payment.receiptNumber },
  });
  return [{ table: "payments", userId: owner.userId }, ...told];
}

/**
 * Who hears of a subscription's move, once: the admins (and the staff member who has the customer) of a new
 * subscriber and of a plan gone past due; the customer and the team of a plan that ended. A failed charge's own
 * notice to the customer is the invoice's (every failed attempt), not the move's.
 */
async function tellTransition(
  tx: Executor,
  move: {
    was: PlanStatus | null;
    now: PlanStatus;
    unpaid: boolean;
    customer: { customerId: string; fullName: string; companyName: string | null };
    plan: { en: string; es: string };
    price: number;
    amount: number;
  },
): Promise<Change[]> {
  const { was, now, customer, plan } = move;
  if (was === now) return [];
  const team = { admins: "newSubmission", about: customer.customerId } as const;
  if (now === "active" && (was === null || was === "incomplete")) {
    return notify(tx, { to: team, type: "plan", data: { kind: "started", ...customer, plan, price: move.price } });
  }
  if (now === "past_due") {
    return notify(tx, {
      to: team,
      type: "plan",
      data: { kind: "failed_admin", ...customer, plan, amount: move.amount },
    });
  }
  if (now === "ended") {
    return [
      ...(await notify(tx, {
        to: { customer: customer.customerId },
        type: "plan",
        data: { kind: "ended", plan, unpaid: move.unpaid },
      })),
      ...(await notify(tx, {
        to: team,
        type: "plan",
        data: { kind: "ended_admin", ...customer, plan, unpaid: move.unpaid },
      })),
    ];
  }
  return [];
}
