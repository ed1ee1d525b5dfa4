// The fake Stripe server's subscriptions, through the real SDK: what the app's care plans will meet. No database:
// only the fake, the SDK, and a small HTTP server standing in for the app's webhook.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe-server";

const fake: FakeStripe = await startFakeStripe();
afterAll(() => fake.close());
afterEach(() => fake.clock.setNow(null));
const sdkFor = (server: FakeStripe) =>
  new Stripe("sk_test_fake", { host: "127.0.0.1", port: server.port, protocol: "http", maxNetworkRetries: 0 });
const stripe = sdkFor(fake);

/** 31 January, 10:00 UTC: its monthly renewals fall on the last day of shorter months. */
const JANUARY_31 = new Date("2027-01-31T10:00:00Z");
const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

async function carePlan(client = stripe, unitAmount = 4900) {
  const product = await client.products.create({
    name: "Website care plan",
    description: "Updates, backups and fixes, every month",
    metadata: { plan: "care" },
  });
  const price = await client.prices.create({
    product: product.id,
    unit_amount: unitAmount,
    currency: "usd",
    recurring: { interval: "month" },
    metadata: { plan: "care" },
  });
  return { product, price };
}

function checkout(price: Stripe.Price, params: Partial<Stripe.Checkout.SessionCreateParams> = {}, client = stripe) {
  return client.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: price.id, quantity: 1 }],
    customer_email: "ana@example.test",
    client_reference_id: "user_ana",
    metadata: { userId: "user_ana" },
    subscription_data: { metadata: { userId: "user_ana", plan: "care" } },
    success_url: "http://app.test/care/done?session={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/care",
    ...params,
  });
}

/** A paid subscription checkout: its subscription and first invoice. */
async function subscribed(price: Stripe.Price) {
  const session = await checkout(price);
  const events = (await fake.completeCheckout(session.id)) as unknown as Stripe.Event[];
  const subscription = events[1]!.data.object as Stripe.Subscription;
  return { session, subscription, customer: String(subscription.customer) };
}

const types = (events: unknown[]) => (events as Stripe.Event[]).map((event) => event.type);
const objectOf = <T>(event: unknown) => (event as Stripe.Event).data.object as unknown as T;

describe("products and prices", () => {
  it("creates a product and its monthly price, reads the price back, and retires both", async () => {
    const { product, price } = await carePlan(stripe, 2900);
    expect(product).toMatchObject({
      id: expect.stringMatching(/^prod_/),
      object: "product",
      name: "Website care plan",
      description: "Updates, backups and fixes, every month",
      metadata: { plan: "care" },
      active: true,
    });
    expect(price).toMatchObject({
      id: expect.stringMatching(/^price_/),
      object: "price",
      product: product.id,
      unit_amount: 2900,
      currency: "usd",
      type: "recurring",
      active: true,
      recurring: { interval: "month", interval_count: 1 },
      metadata: { plan: "care" },
    });
    expect((await stripe.prices.retrieve(price.id)).unit_amount).toBe(2900);
    expect((await stripe.prices.update(price.id, { active: false })).active).toBe(false);
    expect((await stripe.products.update(product.id, { active: false })).active).toBe(false);
    expect(fake.prices.get(price.id)?.active).toBe(false);
    expect(fake.products.get(product.id)?.active).toBe(false);
    expect(fake.requests.filter((request) => request.path.startsWith("/v1/pr")).map((r) => r.path)).toEqual(
      expect.arrayContaining(["/v1/products", "/v1/prices", `/v1/prices/${price.id}`, `/v1/products/${product.id}`]),
    );
    await expect(stripe.prices.retrieve("price_unknown")).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("a subscription checkout", () => {
  it("answers an open session for the price and quantity, and refuses an unknown price as Stripe does", async () => {
    const { price } = await carePlan();
    const session = await checkout(price, { line_items: [{ price: price.id, quantity: 2 }] });
    expect(session).toMatchObject({
      id: expect.stringMatching(/^cs_test_/),
      mode: "subscription",
      status: "open",
      payment_status: "unpaid",
      amount_total: 9800,
      currency: "usd",
      subscription: null,
      customer: null,
      customer_email: "ana@example.test",
      client_reference_id: "user_ana",
      metadata: { userId: "user_ana" },
      url: `${fake.url}/checkout/${session.id}`,
    });
    const refused = await checkout(price, { line_items: [{ price: "price_nope", quantity: 1 }] }).catch((e) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({
      statusCode: 400,
      message: "No such price: 'price_nope'",
      param: "line_items[0][price]",
    });
  });

  it("completes into the session, a new customer's active subscription and its paid first invoice", async () => {
    fake.clock.setNow(JANUARY_31);
    const { price, product } = await carePlan();
    const session = await checkout(price);
    const events = (await fake.completeCheckout(session.id)) as unknown as Stripe.Event[];
    expect(types(events)).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);
    for (const event of events) {
      expect(event).toMatchObject({
        id: expect.stringMatching(/^evt_/),
        object: "event",
        api_version: Stripe.API_VERSION,
      });
      expect(event.created).toBe(seconds("2027-01-31T10:00:00Z"));
    }
    const completed = objectOf<Stripe.Checkout.Session>(events[0]);
    const subscription = objectOf<Stripe.Subscription>(events[1]);
    const invoice = objectOf<Stripe.Invoice>(events[2]);

    expect(completed).toMatchObject({ status: "complete", payment_status: "paid", subscription: subscription.id });
    const customer = String(completed.customer);
    expect(customer).toMatch(/^cus_/);
    expect(fake.customers.get(customer)?.email).toBe("ana@example.test");

    expect(subscription).toMatchObject({
      id: expect.stringMatching(/^sub_/),
      object: "subscription",
      status: "active",
      customer,
      metadata: { userId: "user_ana", plan: "care" },
      cancel_at_period_end: false,
      cancel_at: null,
      latest_invoice: invoice.id,
    });
    const [item] = subscription.items.data;
    expect(item).toMatchObject({
      id: expect.stringMatching(/^si_/),
      current_period_start: seconds("2027-01-31T10:00:00Z"),
      // One calendar month on: February has no 31st.
      current_period_end: seconds("2027-02-28T10:00:00Z"),
      price: { id: price.id, product: product.id, unit_amount: 4900, recurring: { interval: "month" } },
    });

    expect(invoice).toMatchObject({
      id: expect.stringMatching(/^in_/),
      object: "invoice",
      billing_reason: "subscription_create",
      status: "paid",
      amount_due: 4900,
      amount_paid: 4900,
      currency: "usd",
      customer,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: { userId: "user_ana", plan: "care" } },
      },
      status_transitions: { paid_at: seconds("2027-01-31T10:00:00Z") },
    });
    expect(invoice.lines.data[0]).toMatchObject({
      period: { start: item!.current_period_start, end: item!.current_period_end },
      pricing: { price_details: { price: price.id, product: product.id } },
    });

    // The SDK reads the same objects back; the invoice's PaymentIntent is on its InvoicePayment.
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.current_period_end).toBe(
      item!.current_period_end,
    );
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe("paid");
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id });
    expect(payments.data).toEqual([
      expect.objectContaining({
        object: "invoice_payment",
        invoice: invoice.id,
        status: "paid",
        amount_paid: 4900,
        payment: { type: "payment_intent", payment_intent: expect.stringMatching(/^pi_/) },
      }),
    ]);
    expect(fake.subscriptions.get(subscription.id)?.status).toBe("active");
    expect(fake.invoices.get(invoice.id)?.status).toBe("paid");
  });

  it("keeps a given customer, and can send invoice.paid first", async () => {
    const { price } = await carePlan();
    const customer = await stripe.customers.create({ email: "blair@example.test", metadata: { userId: "user_blair" } });
    const session = await checkout(price, { customer: customer.id, customer_email: undefined });
    expect(session.customer).toBe(customer.id);
    const events = await fake.completeCheckout(session.id, {
      order: ["invoice.paid", "checkout.session.completed", "customer.subscription.created"],
    });
    expect(types(events)).toEqual(["invoice.paid", "checkout.session.completed", "customer.subscription.created"]);
    expect(objectOf<Stripe.Subscription>(events[2]).customer).toBe(customer.id);
    await expect(fake.completeCheckout(session.id)).rejects.toThrow(/is complete, not open/);
  });

  it("serves a hosted page whose Subscribe button completes the checkout and goes on to the success_url", async () => {
    const { price } = await carePlan();
    const session = await checkout(price);
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain("$49.00 per month");
    expect(page).toContain(
      `<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Subscribe</button>`,
    );
    const paid = await fetch(`${fake.url}/checkout/${session.id}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://app.test/care/done?session=${session.id}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("complete");
    expect(types(fake.events.slice(-3))).toEqual([
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
    ]);
  });
});

describe("renewals and failed payments", () => {
  it("renews on the anchor's day: paid, then declined into past_due, retried, and paid once the card works", async () => {
    fake.clock.setNow(JANUARY_31);
    const { price } = await carePlan();
    const { subscription, customer } = await subscribed(price);

    fake.clock.setNow(new Date("2027-02-28T10:00:00Z"));
    const renewed = await fake.renew(subscription.id);
    expect(types(renewed)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    const cycle = objectOf<Stripe.Invoice>(renewed[0]);
    expect(cycle).toMatchObject({ billing_reason: "subscription_cycle", status: "paid", amount_paid: 4900 });
    expect(cycle.lines.data[0]!.period).toEqual({
      start: seconds("2027-02-28T10:00:00Z"),
      end: seconds("2027-03-31T10:00:00Z"),
    });
    const updated = renewed[1] as unknown as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.data.object.items.data[0]).toMatchObject({
      current_period_start: seconds("2027-02-28T10:00:00Z"),
      current_period_end: seconds("2027-03-31T10:00:00Z"),
    });
    expect(updated.data.previous_attributes).toMatchObject({
      items: { data: [expect.objectContaining({ current_period_end: seconds("2027-02-28T10:00:00Z") })] },
      latest_invoice: subscription.latest_invoice,
    });

    fake.setCardFailing(customer, true);
    fake.clock.setNow(new Date("2027-03-31T10:00:00Z"));
    const declined = await fake.renew(subscription.id);
    expect(types(declined)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    const open = objectOf<Stripe.Invoice>(declined[0]);
    expect(open).toMatchObject({
      status: "open",
      attempt_count: 1,
      amount_paid: 0,
      next_payment_attempt: expect.any(Number),
    });
    expect(declined[1]).toMatchObject({
      data: { object: { status: "past_due" }, previous_attributes: { status: "active" } },
    });

    const again = await fake.retry(subscription.id);
    expect(types(again)).toEqual(["invoice.payment_failed"]);
    expect(objectOf<Stripe.Invoice>(again[0]).attempt_count).toBe(2);

    fake.setCardFailing(customer, false);
    const fixed = await fake.retry(subscription.id);
    expect(types(fixed)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    expect(objectOf<Stripe.Invoice>(fixed[0])).toMatchObject({
      id: open.id,
      status: "paid",
      next_payment_attempt: null,
    });
    expect(fixed[1]).toMatchObject({
      data: { object: { status: "active" }, previous_attributes: { status: "past_due" } },
    });
    const [payment] = (await stripe.invoicePayments.list({ invoice: open.id })).data;
    expect(payment).toMatchObject({ status: "paid", amount_paid: 4900 });
  });

  it("gives up after the retries: the subscription is canceled, or left unpaid", async () => {
    const { price } = await carePlan();
    const first = await subscribed(price);
    expect(types(await fake.renew(first.subscription.id, { fail: true }))).toEqual([
      "invoice.payment_failed",
      "customer.subscription.updated",
    ]);
    const [deleted] = await fake.giveUp(first.subscription.id);
    expect(deleted).toMatchObject({
      type: "customer.subscription.deleted",
      data: { object: { status: "canceled", ended_at: expect.any(Number) } },
    });

    const second = await subscribed(price);
    await fake.renew(second.subscription.id, { fail: true });
    const [unpaid] = await fake.giveUp(second.subscription.id, { status: "unpaid" });
    expect(unpaid).toMatchObject({
      type: "customer.subscription.updated",
      data: { object: { status: "unpaid" }, previous_attributes: { status: "past_due" } },
    });
    await expect(fake.giveUp(first.subscription.id)).rejects.toThrow(/not past_due/);
  });
});

describe("cancellation", () => {
  it("cancels at the period's end through the API, then ends there", async () => {
    fake.clock.setNow(JANUARY_31);
    const { price } = await carePlan();
    const { subscription } = await subscribed(price);
    const periodEnd = seconds("2027-02-28T10:00:00Z");

    const updated = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(updated).toMatchObject({ cancel_at_period_end: true, cancel_at: periodEnd, status: "active" });
    await fake.settled();
    expect(fake.events.at(-1)).toMatchObject({
      type: "customer.subscription.updated",
      data: { object: { cancel_at: periodEnd }, previous_attributes: { cancel_at_period_end: false, cancel_at: null } },
    });
    const undone = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(undone).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });

    fake.clock.setNow(new Date("2027-02-28T10:00:00Z"));
    const [ended] = await fake.endPeriod(subscription.id);
    expect(ended).toMatchObject({
      type: "customer.subscription.deleted",
      data: { object: { status: "canceled", ended_at: periodEnd, cancel_at_period_end: true } },
    });
  });

  it("cancels now through the API, and renews at the period's end otherwise", async () => {
    const { price } = await carePlan();
    const { subscription } = await subscribed(price);
    expect(types(await fake.endPeriod(subscription.id))).toEqual(["invoice.paid", "customer.subscription.updated"]);
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: "canceled", ended_at: expect.any(Number) });
    await fake.settled();
    expect(fake.events.at(-1)).toMatchObject({ type: "customer.subscription.deleted" });
    await expect(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe("the billing portal", () => {
  it("opens for a known customer only, and its Update card button pays what the declined card could not", async () => {
    const { price } = await carePlan();
    const { subscription, customer } = await subscribed(price);
    const portal = await stripe.billingPortal.sessions.create({ customer, return_url: "http://app.test/account" });
    expect(portal).toMatchObject({
      id: expect.stringMatching(/^bps_/),
      object: "billing_portal.session",
      customer,
      return_url: "http://app.test/account",
      url: `${fake.url}/billing/${portal.id}`,
    });
    await expect(stripe.billingPortal.sessions.create({ customer: "cus_unknown" })).rejects.toMatchObject({
      statusCode: 400,
      message: "No such customer: 'cus_unknown'",
    });

    fake.setCardFailing(customer, true);
    await fake.renew(subscription.id);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain("<h1>Billing portal</h1>");
    expect(page).toContain('<button type="submit">Update card</button>');
    expect(page).toContain('<a href="http://app.test/account">Return</a>');
    const before = fake.events.length;
    const updated = await fetch(`${portal.url}/card`, { method: "POST", redirect: "manual" });
    expect(updated.status).toBe(303);
    expect(updated.headers.get("location")).toBe("http://app.test/account");
    expect(types(fake.events.slice(before))).toEqual(["invoice.paid", "customer.subscription.updated"]);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
  });
});

describe("webhook delivery", () => {
  it("posts every event, signed, in order, and the control endpoints answer after delivery", async () => {
    const secret = "whsec_fake_subscriptions_test";
    const received: { body: string; signature: string }[] = [];
    const receiver: Server = await new Promise((resolve) => {
      const listening = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => {
          received.push({
            body: Buffer.concat(chunks).toString("utf8"),
            signature: String(req.headers["stripe-signature"]),
          });
          res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
        });
      }).listen(0, "127.0.0.1", () => resolve(listening));
    });
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
    const delivering = await startFakeStripe(0, "127.0.0.1", { webhook: { url: hook, secret } });
    const client = sdkFor(delivering);
    try {
      // The fake's clock a year ahead: the signature is still made at the real time, so it verifies.
      const clock = await fetch(`${delivering.url}/__clock`, {
        method: "POST",
        body: JSON.stringify({ now: Date.now() + 365 * 24 * 60 * 60 * 1000 }),
      });
      expect(clock.status).toBe(200);
      const { price } = await carePlan(client);
      const session = await checkout(price, {}, client);
      const completed = await fetch(`${delivering.url}/__checkout/${session.id}/complete`, { method: "POST" });
      const answer = (await completed.json()) as { events: Stripe.Event[]; deliveries: { status: number }[] };
      expect(types(answer.events)).toEqual([
        "checkout.session.completed",
        "customer.subscription.created",
        "invoice.paid",
      ]);
      expect(answer.deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
      const subscription = answer.events[1]!.data.object as Stripe.Subscription;

      // An API call's event is sent after its answer.
      await client.subscriptions.update(subscription.id, { cancel_at_period_end: true });
      await delivering.settled();

      const verified = received.map(({ body, signature }) => client.webhooks.constructEvent(body, signature, secret));
      expect(verified.map((event) => event.type)).toEqual([
        "checkout.session.completed",
        "customer.subscription.created",
        "invoice.paid",
        "customer.subscription.updated",
      ]);
      expect(verified.map((event) => event.id)).toEqual(delivering.events.map((event) => event.id));
      expect(verified[0]!.created).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 60 * 60);
      expect(() => client.webhooks.constructEvent(received[0]!.body, received[0]!.signature, "whsec_wrong")).toThrow();
      expect(delivering.deliveries).toHaveLength(4);

      const events = (await (await fetch(`${delivering.url}/__events`)).json()) as { deliveries: unknown[] };
      expect(events.deliveries).toHaveLength(4);
    } finally {
      await delivering.close();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
