import { desc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, carePlans, emailMessages, notifications, payments, planSubscriptions, user } from "~db/schema";
import { createPlan } from "~/features/plans/create-plan.server";
import { getCustomerPlans } from "~/features/plans/get-customer-plans.server";
import { listPlans } from "~/features/plans/list-plans.server";
import { openBillingPortal } from "~/features/plans/open-billing-portal.server";
import { receiveCardWebhook } from "~/features/plans/receive-card-webhook.server";
import { setPlanCancellation } from "~/features/plans/set-plan-cancellation.server";
import { setPlanOffered } from "~/features/plans/set-plan-offered.server";
import type { CreatePlanInput } from "~/features/plans/plans.schemas";
import { startPlanCheckout } from "~/features/plans/start-plan-checkout.server";
import { updatePlan } from "~/features/plans/update-plan.server";
import { refundPayment } from "~/features/payments/refunds/refund-payment.server";
import { EVERYONE } from "~/lib/realtime/realtime";
import { fakeStripeSettings, startFakeStripe, type FakeStripe } from "../fakes/stripe-server";
import { refusal, type SignedIn } from "./support";
import { testApp } from "./test-app";

// The monthly care plans against the real Stripe SDK and the fake card server: the admins' plans, a customer's
// subscription from its checkout through its monthly charges, a failed charge and its fix, cancelling, and the end;
// every webhook delivered in any order and more than once.

const WEBHOOK_SECRET = "whsec_care_plans_test";
const fake: FakeStripe = await startFakeStripe();
afterAll(() => fake.close());
const app = testApp({
  settings: fakeStripeSettings(fake, { secretKey: "sk_test_care_plans", webhookSecret: WEBHOOK_SECRET }),
});
const signer = new Stripe("sk_test_signer_only");
const DAY = 24 * 60 * 60 * 1000;

let admin: SignedIn;
let staff: SignedIn;

beforeAll(async () => {
  admin = await app.admin();
  staff = await app.staff();
}, 300_000);

beforeEach(() => {
  app.clock.reset();
});

type StripeEvent = { id: string; type: string };

/** Posts an event to the webhook as the card provider signs it, and answers the webhook's outcome. */
async function deliver(event: StripeEvent): Promise<string> {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return receiveCardWebhook(app.services, null, { rawBody: Buffer.from(payload), signature });
}

async function deliverAll(events: StripeEvent[]): Promise<string[]> {
  const outcomes: string[] = [];
  for (const event of events) outcomes.push(await deliver(event));
  return outcomes;
}

const planInput = (over: Partial<CreatePlanInput> = {}): CreatePlanInput => ({
  intent: "create-plan",
  nameEn: "Website Care",
  nameEs: "Cuidado del sitio web",
  descriptionEn: "Hosting checks, updates and small edits every month.",
  descriptionEs: "Revisiones del hosting, actualizaciones y pequeños cambios cada mes.",
  price: "49",
  follows: "none",
  beforeFinished: false,
  ...over,
});

async function makePlan(over: Partial<CreatePlanInput> = {}) {
  const { id } = await createPlan(app.services, admin.user, planInput(over));
  const [plan] = await app.db.select().from(carePlans).where(eq(carePlans.id, id));
  return plan!;
}

/** The customer's checkout for a plan, and the id of the session the fake made for it. */
async function checkout(customer: SignedIn, planId: string): Promise<string> {
  const { url } = await startPlanCheckout(app.services, customer.user, { planId });
  const sessionId = url.split("/").pop()!;
  expect(fake.sessions.get(sessionId)).toMatchObject({ mode: "subscription", client_reference_id: customer.id });
  return sessionId;
}

/** Subscribes a customer to a plan, every event delivered in the provider's order, and answers the subscription row. */
async function subscribe(customer: SignedIn, planId: string) {
  const events = await fake.completeCheckout(await checkout(customer, planId));
  await deliverAll(events);
  return subscriptionOf(customer);
}

async function subscriptionOf(customer: SignedIn) {
  const [row] = await app.db
    .select()
    .from(planSubscriptions)
    .where(eq(planSubscriptions.userId, customer.id))
    .orderBy(desc(planSubscriptions.createdAt))
    .limit(1);
  return row!;
}

const chargesOf = (subscriptionId: string) =>
  app.db.select().from(payments).where(eq(payments.planSubscriptionId, subscriptionId)).orderBy(payments.createdAt);

async function noticesOf(userId: string) {
  const rows = await app.db
    .select({ type: notifications.type, data: notifications.data, title: notifications.title })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
  return rows.filter((row) => row.type === "plan").map((row) => (row.data as { kind: string }).kind);
}

describe("the admins' plans", () => {
  it("makes a plan with its provider product and monthly price; a new price is a new provider price for new subscribers only", async () => {
    const plan = await makePlan({ price: "39.50", follows: "website" });
    expect(plan).toMatchObject({ nameEn: "Website Care", price: 39.5, follows: "website", retiredAt: null });
    expect(fake.products.get(plan.stripeProductId)).toMatchObject({ name: "Website Care" });
    expect(fake.prices.get(plan.stripePriceId)).toMatchObject({
      unit_amount: 3950,
      currency: "usd",
      recurring: expect.objectContaining({ interval: "month" }),
    });

    const customer = await app.customer({ paid: ["website"], progress: { website: ["websiteLaunch"] } });
    const first = await subscribe(customer, plan.id);
    expect(first).toMatchObject({ status: "active", price: 39.5, stripePriceId: plan.stripePriceId });

    const { priceChanged } = await updatePlan(app.services, admin.user, {
      ...planInput({ price: "45", follows: "website" }),
      intent: "update-plan",
      planId: plan.id,
    });
    expect(priceChanged).toBe(true);
    const [changed] = await app.db.select().from(carePlans).where(eq(carePlans.id, plan.id));
    expect(changed!.stripePriceId).not.toBe(plan.stripePriceId);
    expect(fake.prices.get(changed!.stripePriceId)).toMatchObject({ unit_amount: 4500 });
    expect(fake.prices.get(plan.stripePriceId)).toMatchObject({ active: false });
    // The customer subscribed before keeps the price they subscribed at.
    const renewal = await fake.renew(first.stripeSubscriptionId);
    await deliverAll(renewal);
    expect((await chargesOf(first.id)).map((charge) => charge.amount)).toEqual([39.5, 39.5]);
    const [audit] = await app.db.select().from(auditEvents).orderBy(desc(auditEvents.createdAt)).limit(1);
    expect(audit).toMatchObject({ action: "plan.update", detail: { planId: plan.id, priceFrom: 39.5, price: 45 } });
    expect((await listPlans(app.services, admin.user)).plans.find((row) => row.id === plan.id)).toMatchObject({
      price: 45,
      subscribers: 1,
      retired: false,
    });
  });

  it("tells every viewer when the offers change: each customer's Plans page shows them", async () => {
    await app.deliveredChanges();
    const plan = await makePlan();
    await setPlanOffered(app.services, admin.user, { planId: plan.id, offered: false });
    await updatePlan(app.services, admin.user, { ...planInput(), intent: "update-plan", planId: plan.id });
    const delivered = (await app.deliveredChanges()).filter((change) => change.table === "care_plans");
    expect(delivered.map((change) => change.userId)).toEqual([EVERYONE, EVERYONE, EVERYONE]);
  });

  it("refuses a bad plan with the field's message and makes nothing at the provider", async () => {
    const before = fake.products.size;
    expect(await refusal(createPlan(app.services, admin.user, planInput({ price: "0" })))).toMatchObject({
      code: "invalid_input",
      message: "Enter a monthly price of more than $0, in dollars and cents",
    });
    expect(await refusal(createPlan(app.services, admin.user, planInput({ nameEs: " " })))).toMatchObject({
      code: "invalid_input",
      message: "Enter the plan's name in Spanish",
    });
    expect(fake.products.size).toBe(before);
  });

  it("is the admins' alone: anonymous 401, a customer and a staff member 403", async () => {
    const customer = await app.customer();
    const plan = await makePlan();
    for (const [actor, code] of [
      [null, "not_signed_in"],
      [customer.user, "forbidden"],
      [staff.user, "forbidden"],
    ] as const) {
      expect(await refusal(createPlan(app.services, actor, planInput()))).toMatchObject({ code });
      expect(await refusal(listPlans(app.services, actor))).toMatchObject({ code });
      expect(await refusal(setPlanOffered(app.services, actor, { planId: plan.id, offered: false }))).toMatchObject({
        code,
      });
      expect(
        await refusal(updatePlan(app.services, actor, { ...planInput(), intent: "update-plan", planId: plan.id })),
      ).toMatchObject({ code });
    }
  });
});

describe("the plans on offer", () => {
  it("follow their service's last step unless they may be taken before; a retired or held plan is not offered", async () => {
    const care = await makePlan({ follows: "website", nameEn: "Care after launch" });
    const early = await makePlan({ follows: "website", beforeFinished: "on", nameEn: "Care from day one" });
    const any = await makePlan({ follows: "none", nameEn: "Profile posts" });
    const retired = await makePlan({ nameEn: "Old plan" });
    await setPlanOffered(app.services, admin.user, { planId: retired.id, offered: false });

    const building = await app.customer({ paid: ["website"] });
    const offered = async (customer: SignedIn) =>
      (await getCustomerPlans(app.services, customer.user, { customerId: customer.id, locale: "en" })).offers.map(
        (offer) => offer.id,
      );
    expect(await offered(building)).toEqual(expect.arrayContaining([early.id, any.id]));
    expect(await offered(building)).not.toContain(care.id);
    expect(await offered(building)).not.toContain(retired.id);
    expect(await refusal(startPlanCheckout(app.services, building.user, { planId: care.id }))).toMatchObject({
      code: "plan_not_offered",
    });
    expect(await refusal(startPlanCheckout(app.services, building.user, { planId: retired.id }))).toMatchObject({
      code: "plan_not_offered",
    });

    const launched = await app.customer({ paid: ["website"], progress: { website: ["websiteLaunch"] } });
    expect(await offered(launched)).toEqual(expect.arrayContaining([care.id, early.id, any.id]));
    await subscribe(launched, any.id);
    expect(await offered(launched)).not.toContain(any.id);
    expect(await refusal(startPlanCheckout(app.services, launched.user, { planId: any.id }))).toMatchObject({
      code: "plan_already_held",
    });
    // In Spanish, with the plan's Spanish name.
    const es = await getCustomerPlans(app.services, launched.user, { customerId: launched.id, locale: "es" });
    expect(es.subscriptions[0]).toMatchObject({ planName: "Cuidado del sitio web", status: "active" });
  });

  it("takes no checkout from the team or anonymous, and none for another customer's eyes", async () => {
    const plan = await makePlan();
    const a = await app.customer();
    const b = await app.customer();
    expect(await refusal(startPlanCheckout(app.services, null, { planId: plan.id }))).toMatchObject({
      code: "not_signed_in",
    });
    expect(await refusal(startPlanCheckout(app.services, admin.user, { planId: plan.id }))).toMatchObject({
      code: "forbidden",
    });
    expect(await refusal(startPlanCheckout(app.services, staff.user, { planId: plan.id }))).toMatchObject({
      code: "forbidden",
    });
    expect(await refusal(getCustomerPlans(app.services, b.user, { customerId: a.id, locale: "en" }))).toMatchObject({
      code: "customer_not_found",
    });
    expect(await refusal(getCustomerPlans(app.services, staff.user, { customerId: a.id, locale: "en" }))).toMatchObject(
      { code: "customer_not_found" },
    );
  });
});

describe("a subscription's webhooks", () => {
  it("make one active subscription and one numbered charge, in any order and delivered twice", async () => {
    const plan = await makePlan();
    const customer = await app.customer({ name: "Rosa Diaz", companyName: "Diaz Cleaning" });
    const events = await fake.completeCheckout(await checkout(customer, plan.id));
    const paid = events.find((event) => event.type === "invoice.paid")!;
    const others = events.filter((event) => event !== paid);
    // The invoice first, then the checkout and the subscription, then all of them again.
    expect(await deliverAll([paid, ...others])).toEqual(["charged", "subscription", "subscription"]);
    expect(await deliverAll(events)).toEqual(["duplicate", "duplicate", "duplicate"]);

    const subscription = await subscriptionOf(customer);
    expect(subscription).toMatchObject({ status: "active", planId: plan.id, price: 49, cancelAtPeriodEnd: false });
    expect(subscription.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
    const [charge, ...more] = await chargesOf(subscription.id);
    expect(more).toHaveLength(0);
    expect(charge).toMatchObject({
      serviceType: null,
      amount: 49,
      status: "completed",
      paymentMethod: "card",
      receiptNumber: expect.any(Number),
      stripePaymentIntentId: expect.stringMatching(/^pi_/),
    });
    expect(await noticesOf(customer.id)).toEqual(["charged"]);
    expect(await noticesOf(admin.id)).toContain("started");
    const mail = await app.db.select().from(emailMessages).where(eq(emailMessages.to, customer.email));
    expect(mail.map((row) => row.subject)).toContain("Plan payment received");
  });

  it("records every month's charge with the next receipt number", async () => {
    const plan = await makePlan();
    const customer = await app.customer();
    const subscription = await subscribe(customer, plan.id);
    await deliverAll(await fake.renew(subscription.stripeSubscriptionId));
    await deliverAll(await fake.renew(subscription.stripeSubscriptionId));
    const charges = await chargesOf(subscription.id);
    expect(charges).toHaveLength(3);
    const numbers = charges.map((charge) => charge.receiptNumber!);
    expect(numbers[1]).toBeGreaterThan(numbers[0]!);
    expect(numbers[2]).toBeGreaterThan(numbers[1]!);
    expect(charges[1]!.periodStart!.getTime()).toBe(charges[0]!.periodEnd!.getTime());
  });

  it("goes past due on a failed charge (the customer told with the card page, the team alerted), and active again once paid", async () => {
    const plan = await makePlan();
    const customer = await app.customer();
    await app.db.update(user).set({ language: "es" }).where(eq(user.id, customer.id));
    const subscription = await subscribe(customer, plan.id);
    fake.setCardFailing(subscription.stripeCustomerId, true);
    const failed = await fake.renew(subscription.stripeSubscriptionId);
    expect(failed.map((event) => event.type)).toContain("invoice.payment_failed");
    await deliverAll(failed);
    expect(await subscriptionOf(customer)).toMatchObject({ status: "past_due", pastDueSince: expect.any(Date) });
    expect(await noticesOf(customer.id)).toEqual(["charged", "failed"]);
    expect(await noticesOf(admin.id)).toContain("failed_admin");
    const [mail] = await app.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.to, customer.email))
      .orderBy(desc(emailMessages.createdAt))
      .limit(1);
    expect(mail!.subject).toBe("El pago de su plan no se pudo cobrar");
    expect(mail!.link).toBe("/dashboard/plans/card");

    // The provider retries while the card fails: told again, still past due.
    await deliverAll(await fake.retry(subscription.stripeSubscriptionId));
    expect(await noticesOf(customer.id)).toEqual(["charged", "failed", "failed"]);
    // The card changed in the billing portal: the retry pays.
    fake.setCardFailing(subscription.stripeCustomerId, false);
    await deliverAll(await fake.retry(subscription.stripeSubscriptionId));
    expect(await subscriptionOf(customer)).toMatchObject({ status: "active", pastDueSince: null });
    expect(await chargesOf(subscription.id)).toHaveLength(2);
  });

  it("tells of no failure when the invoice was paid before its failure arrived", async () => {
    const plan = await makePlan();
    const customer = await app.customer();
    const subscription = await subscribe(customer, plan.id);
    fake.setCardFailing(subscription.stripeCustomerId, true);
    const failed = await fake.renew(subscription.stripeSubscriptionId);
    fake.setCardFailing(subscription.stripeCustomerId, false);
    const paid = await fake.retry(subscription.stripeSubscriptionId);
    // The paid invoice's events come first, the failure's late.
    await deliverAll([...paid, ...failed]);
    expect(await subscriptionOf(customer)).toMatchObject({ status: "active" });
    expect(await noticesOf(customer.id)).toEqual(["charged", "charged"]);
  });

  it("cancels at the period's end, undone before it, cancelled again, then ends at the period's end; both sides told", async () => {
    const plan = await makePlan();
    const customer = await app.customer();
    const subscription = await subscribe(customer, plan.id);
    await setPlanCancellation(app.services, customer.user, { subscriptionId: subscription.id, cancel: true });
    expect(await subscriptionOf(customer)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    await setPlanCancellation(app.services, customer.user, { subscriptionId: subscription.id, cancel: false });
    expect(await subscriptionOf(customer)).toMatchObject({ cancelAtPeriodEnd: false });
    await setPlanCancellation(app.services, customer.user, { subscriptionId: subscription.id, cancel: true });
    // The provider's own updates arrive after (and may repeat what was written): nothing changes.
    await deliverAll(fake.events.splice(0));
    expect(await subscriptionOf(customer)).toMatchObject({ cancelAtPeriodEnd: true, status: "active" });

    await deliverAll(await fake.endPeriod(subscription.stripeSubscriptionId));
    expect(await subscriptionOf(customer)).toMatchObject({ status: "ended", endedAt: expect.any(Date) });
    expect(await noticesOf(customer.id)).toEqual(["charged", "ended"]);
    expect(await noticesOf(admin.id)).toContain("ended_admin");
    expect(await chargesOf(subscription.id)).toHaveLength(1);
    expect(
      await refusal(
        setPlanCancellation(app.services, customer.user, { subscriptionId: subscription.id, cancel: false }),
      ),
    ).toMatchObject({ code: "plan_already_ended" });
  });

  it("ends unpaid when the provider gives up its retries, and cancels the subscription there", async () => {
    const plan = await makePlan();
    const customer = await app.customer();
    const subscription = await subscribe(customer, plan.id);
    fake.setCardFailing(subscription.stripeCustomerId, true);
    await deliverAll(await fake.renew(subscription.stripeSubscriptionId));
    await deliverAll(await fake.giveUp(subscription.stripeSubscriptionId, { status: "unpaid" }));
    expect(await subscriptionOf(customer)).toMatchObject({ status: "ended" });
    expect(fake.subscriptions.get(subscription.stripeSubscriptionId)).toMatchObject({ status: "canceled" });
    const [ended] = (
      await app.db.select({ data: notifications.data }).from(notifications).where(eq(notifications.userId, customer.id))
    ).filter((row) => (row.data as { kind?: string }).kind === "ended");
    expect(ended!.data).toMatchObject({ kind: "ended", unpaid: true });
  });

  it("changes nothing when a whole life's events come again, last first", async () => {
    const plan = await makePlan();
    const customer = await app.customer();
    fake.events.splice(0);
    const subscription = await subscribe(customer, plan.id);
    await deliverAll(await fake.renew(subscription.stripeSubscriptionId));
    fake.setCardFailing(subscription.stripeCustomerId, true);
    await deliverAll(await fake.renew(subscription.stripeSubscriptionId));
    fake.setCardFailing(subscription.stripeCustomerId, false);
    await deliverAll(await fake.retry(subscription.stripeSubscriptionId));
    await setPlanCancellation(app.services, customer.user, { subscriptionId: subscription.id, cancel: true });
    await fake.settled();
    await deliverAll(await fake.endPeriod(subscription.stripeSubscriptionId));
    // Every event of this subscription (the cancellation's own update included, delivered here for the first time).
    const all = fake.events.splice(0);
    await deliverAll(all);
    const settled = { row: await subscriptionOf(customer), charges: await chargesOf(subscription.id) };
    const notices = await noticesOf(customer.id);
    expect(settled.row).toMatchObject({ status: "ended" });
    expect(settled.charges).toHaveLength(3);

    expect(new Set(await deliverAll([...all].reverse()))).toEqual(new Set(["duplicate"]));
    expect(await subscriptionOf(customer)).toEqual(settled.row);
    expect(await chargesOf(subscription.id)).toEqual(settled.charges);
    expect(await noticesOf(customer.id)).toEqual(notices);
  });

  it("records a charge that is not the subscription's price, with a note for the admins", async () => {
    const plan = await makePlan();
    const customer = await app.customer();
    const subscription = await subscribe(customer, plan.id);
    const renewal = await fake.renew(subscription.stripeSubscriptionId);
    const invoice = renewal.find((event) => event.type === "invoice.paid") as unknown as {
      data: { object: { amount_paid: number } };
    };
    invoice.data.object.amount_paid = 2500;
    await deliverAll(renewal);
    const charges = await chargesOf(subscription.id);
    expect(charges[1]).toMatchObject({
      amount: 25,
      adminNotes: expect.stringContaining("the subscription's price is 49.00"),
    });
  });

  it("ignores a subscription without the product's metadata, once", async () => {
    const event = {
      id: `evt_foreign_${Date.now()}`,
      object: "event",
      type: "invoice.paid",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "in_foreign", object: "invoice", amount_paid: 100, parent: null } },
    };
    expect(await deliver(event)).toBe("ignored");
    expect(await deliver(event)).toBe("duplicate");
  });
});

describe("the customer's own plan", () => {
  it("is cancelled by that customer alone; another customer, the team and anonymous are refused", async () => {
    const plan = await makePlan();
    const a = await app.customer();
    const b = await app.customer();
    const subscription = await subscribe(a, plan.id);
    const cancel = (actor: SignedIn["user"] | null) =>
      refusal(setPlanCancellation(app.services, actor, { subscriptionId: subscription.id, cancel: true }));
    expect(await cancel(null)).toMatchObject({ code: "not_signed_in" });
    expect(await cancel(b.user)).toMatchObject({ code: "plan_subscription_not_found" });
    expect(await cancel(admin.user)).toMatchObject({ code: "forbidden" });
    expect(await cancel(staff.user)).toMatchObject({ code: "forbidden" });
    expect(await subscriptionOf(a)).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it("opens the billing portal for a customer with a subscription, coming back to their Plans page", async () => {
    const plan = await makePlan();
    const customer = await app.customer();
    expect(await refusal(openBillingPortal(app.services, customer.user))).toMatchObject({ code: "no_billing_account" });
    const subscription = await subscribe(customer, plan.id);
    const { url } = await openBillingPortal(app.services, customer.user);
    expect(url).toMatch(/\/billing\/bps_/);
    const portal = fake.requests.filter((request) => request.path === "/v1/billing_portal/sessions").pop();
    expect(portal!.form).toMatchObject({
      customer: subscription.stripeCustomerId,
      return_url: expect.stringMatching(/\/dashboard\/plans$/),
    });
    expect(await refusal(openBillingPortal(app.services, admin.user))).toMatchObject({ code: "forbidden" });
    expect(await refusal(openBillingPortal(app.services, null))).toMatchObject({ code: "not_signed_in" });
  });

  it("has a charge refunded through the refund flow, the customer told with the plan's name", async () => {
    const plan = await makePlan();
    const customer = await app.customer();
    const subscription = await subscribe(customer, plan.id);
    const [charge] = await chargesOf(subscription.id);
    await refundPayment(app.services, admin.user, { paymentId: charge!.id, amount: 49, reason: "Goodwill" });
    const refund = fake.requests.filter((request) => request.path === "/v1/refunds").pop();
    expect(refund!.form.payment_intent).toBe(charge!.stripePaymentIntentId);
  });
});
