// A fake of the Stripe API at the network edge, for tests only: the real `stripe` SDK talks to it over HTTP
// on 127.0.0.1 (STRIPE_API_HOST/PORT/PROTOCOL). It fakes:
// - Checkout Sessions: POST /v1/checkout/sessions (payment mode with its own PaymentIntent `pi_...`, or subscription
//   mode for one recurring price), GET /v1/checkout/sessions/:id, GET /v1/checkout/sessions?payment_intent=...; each
//   session has its `expires_at` (the one asked for, else Stripe's default of 24 hours) and a hosted checkout page;
// - refunds: POST /v1/refunds (answered again for a repeated idempotency key);
// - customers, products and prices: POST /v1/customers, GET /v1/customers/:id, POST /v1/products(/:id),
//   POST /v1/prices(/:id), GET /v1/prices/:id;
// - subscriptions: GET /v1/subscriptions(/:id), POST /v1/subscriptions/:id (cancel at the period's end, or not),
//   DELETE /v1/subscriptions/:id (cancel now); their invoices and invoice payments: GET /v1/invoices/:id,
//   GET /v1/invoice_payments?invoice=...; the billing portal: POST /v1/billing_portal/sessions and its page;
// - what Stripe does on its own, for a test to set off: a checkout paid, a subscription renewed (paid or declined),
//   retried, given up on, or at its period's end, a customer's card declined, and a clock. In process they are
//   FakeStripe's methods; another process posts JSON to the control endpoints, each answering
//   `{ events, deliveries }` once its events are delivered: POST /__checkout/:id/complete `{ order? }`,
//   /__subscriptions/:id/renew `{ fail? }`, /__subscriptions/:id/retry, /__subscriptions/:id/give-up `{ status? }`,
//   /__subscriptions/:id/end-period, /__customers/:id/card `{ failing }`, /__clock `{ now: epoch ms or null }`; and
//   GET /__events lists every event and delivery once those queued are made. With a webhook, every event is also
//   posted there, signed, in order, one at a time.
// It records every API request. The billing model and its pages are in tests/fakes/stripe-subscriptions.ts.
// Run it alone (end-to-end tests): `npx tsx tests/fakes/stripe-server.ts <port>`, with FAKE_STRIPE_WEBHOOK_URL and
// FAKE_STRIPE_WEBHOOK_SECRET to deliver its events.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import Stripe from "stripe";
import {
  createBilling,
  createClock,
  messagePage,
  metadataOf,
  randomId,
  StripeApiError,
  type CheckoutEventType,
  type FakeClock,
  type StripeEvent,
  type StripeObject,
} from "./stripe-subscriptions";

export interface RecordedRequest {
  method: string;
  path: string;
  /**
   * The form-encoded body, decoded into flat keys as Stripe sends them (e.g. `line_items[0][price_data][unit_amount]`);
   * a GET's query string.
   */
  form: Record<string, string>;
  authorization: string | undefined;
  idempotencyKey?: string;
}

/** One event's delivery to the webhook: the receiver's HTTP status, or 0 and the error when it could not be reached. */
interface WebhookDelivery {
  event: string;
  type: string;
  status: number;
  error?: string;
}

/** A control's answer: the events it made and, with a webhook, how each delivery went. */
interface Produced {
  events: StripeEvent[];
  deliveries: WebhookDelivery[];
}

export interface FakeStripe {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Makes the next session creations fail with a Stripe-shaped error (status and message). */
  failNext(status: number, message: string): void;
  /** Makes the next refund creation fail with a Stripe-shaped error (status and message); Stripe says not to retry it. */
  failNextRefund(status: number, message: string): void;
  /** The status new refunds answer with: `succeeded` (a card's usual) unless set to `pending`. */
  refundStatus: "pending" | "succeeded";
  /** The Checkout Sessions it knows, by id: those it created, and any a test adds (a payment made before a change). */
  sessions: Map<string, StripeObject>;
  /**
   * Lets an open session expire unpaid, as Stripe does at its `expires_at`: its status becomes `expired`, and the
   * answer is the `checkout.session.expired` event Stripe would send (for the test to sign and post).
   */
  expire(sessionId: string): StripeObject;
  /** The fake's present, which dates every object and event it makes: real time unless a test sets it. */
  clock: FakeClock;
  /** Every event made by the controls below, the hosted pages and the subscription API calls, in order. */
  events: StripeEvent[];
  /** Each event's delivery to the webhook, in order (none without a webhook). */
  deliveries: WebhookDelivery[];
  customers: Map<string, StripeObject>;
  products: Map<string, StripeObject>;
  prices: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  /**
   * The customer pays on the hosted checkout page. A subscription checkout makes the customer when the session named
   * none, the active subscription and its first invoice, paid, and answers `checkout.session.completed`,
   * `customer.subscription.created` and `invoice.paid`, in that order unless `order` says another; a payment
   * checkout is marked paid and answers `checkout.session.completed`.
   */
  completeCheckout(sessionId: string, options?: { order?: CheckoutEventType[] }): Promise<StripeEvent[]>;
  /**
   * The next month is billed: `invoice.paid`, or with `fail` (or a declined card) `invoice.payment_failed` and the
   * subscription `past_due`; then `customer.subscription.updated` with the new period.
   */
  renew(subscriptionId: string, options?: { fail?: boolean }): Promise<StripeEvent[]>;
  /** Declines the customer's card from now on (or no longer). */
  setCardFailing(customerId: string, failing: boolean): void;
  /** Stripe retries the open invoice: declined again while the card is, else paid and the subscription active. */
  retry(subscriptionId: string): Promise<StripeEvent[]>;
  /** Stripe's retries are over: the past-due subscription is canceled (the default) or left `unpaid`. */
  giveUp(subscriptionId: string, options?: { status?: "canceled" | "unpaid" }): Promise<StripeEvent[]>;
  /** The period's end: a subscription set to cancel there is canceled, any other renews (as `renew`). */
  endPeriod(subscriptionId: string): Promise<StripeEvent[]>;
  /** Resolves once every event made so far was delivered: an API call's are sent after its answer, as Stripe does. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The settings that point the app's Stripe SDK at this fake server (and sign its webhooks with `webhookSecret`). */
export function fakeStripeSettings(
  fake: Pick<FakeStripe, "port">,
  { secretKey, webhookSecret }: { secretKey: string; webhookSecret: string },
) {
  return {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: String(fake.port),
    STRIPE_API_PROTOCOL: "http",
  };
}

/** Where a subscription checkout's page sends the customer: Stripe puts the session's id in for the placeholder. */
const successUrlOf = (session: StripeObject) =>
  String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", String(session.id));

export async function startFakeStripe(
  port = 0,
  host = "127.0.0.1",
  options: {
    /** Where every event is posted, signed with `secret` as Stripe signs its webhooks. */
    webhook?: { url: string; secret: string };
  } = {},
): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  /** A failure waiting for the next session creation (for one customer e-mail only, when given). */
  let failure: { status: number; message: string; email?: string } | undefined;
  let refundFailure: { status: number; message: string } | undefined;
  const sessions = new Map<string, StripeObject>();
  /** Refunds by idempotency key: a retried call answers the refund it made, as Stripe does. */
  const refundsByKey = new Map<string, StripeObject>();
  let base = "";
  const fake = { refundStatus: "succeeded" as "pending" | "succeeded" };
  const clock = createClock();
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const { webhook } = options;
  const billing = createBilling({ clock, sessions, baseUrl: () => base, pendingWebhooks: webhook ? 1 : 0 });

  const deliveries: WebhookDelivery[] = [];
  /** The last delivery queued: each waits for the one before, so the receiver sees the events one at a time, in order. */
  let queue: Promise<unknown> = Promise.resolve();
  async function post(event: StripeEvent, target: { url: string; secret: string }): Promise<WebhookDelivery> {
    const payload = JSON.stringify(event, null, 2);
    // Signed at the real time, not the fake clock's: the receiver checks the signature's age against its own clock.
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: target.secret });
    let delivery: WebhookDelivery;
    try {
      const response = await fetch(target.url, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      delivery = { event: event.id, type: event.type, status: response.status };
    } catch (error) {
      delivery = { event: event.id, type: event.type, status: 0, error: (error as Error).message };
    }
    deliveries.push(delivery);
    return delivery;
  }
  /** Queues the events for the webhook (none without one); resolves with their deliveries once all are made. */
  function send(events: StripeEvent[]): Promise<WebhookDelivery[]> {
    if (!webhook) return Promise.resolve([]);
    return Promise.all(
      events.map((event) => {
        const sent = queue.then(() => post(event, webhook));
        queue = sent;
        return sent;
      }),
    );
  }
  async function produce(make: () => StripeEvent[]): Promise<Produced> {
    const events = make();
    return { events, deliveries: await send(events) };
  }
  async function settled(): Promise<void> {
    let last: Promise<unknown>;
    do {
      last = queue;
      await last;
    } while (last !== queue);
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", base);
    const body = await readBody(req);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, {
        "content-type": "application/json",
        "request-id": `req_${randomBytes(6).toString("hex")}`,
      });
      res.end(JSON.stringify(value));
    };
    try {
      await route(req, res, url, body, json);
    } catch (error) {
      if (res.headersSent) return void res.end();
      // Stripe's own header: a refused request is not to be retried (the SDK would otherwise retry a 5xx).
      res.setHeader("stripe-should-retry", "false");
      // A fault of the fake itself answers as Stripe's own errors do, rather than ending the test run's process.
      if (!(error instanceof StripeApiError)) {
        return json(500, { error: { type: "api_error", message: `Fake Stripe: ${(error as Error).message}` } });
      }
      const { status, message, param, code } = error;
      json(status, {
        error: { type: "invalid_request_error", message, ...(param ? { param } : {}), ...(code ? { code } : {}) },
      });
    }
  });

  async function route(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: string,
    json: (status: number, value: unknown) => void,
  ): Promise<void> {
    const html = (status: number, text: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      res.end(text);
    };
    const redirect = (location: string) => {
      res.writeHead(303, { location });
      res.end();
    };

    if (req.method === "GET" && url.pathname === "/__requests") return json(200, requests);
    // End-to-end tests (another process) make the next refund fail this way.
    if (req.method === "POST" && url.pathname === "/__fail-next-refund") {
      const { status, message } = JSON.parse(body || "{}") as { status?: number; message?: string };
      refundFailure = { status: status ?? 400, message: message ?? "Simulated Stripe refund failure" };
      return json(200, { ok: true });
    }
    // End-to-end tests (another process) make the next session creation fail this way.
    if (req.method === "POST" && url.pathname === "/__fail-next") {
      const { status, message, email } = JSON.parse(body || "{}") as {
        status?: number;
        message?: string;
        email?: string;
      };
      failure = { status: status ?? 500, message: message ?? "Simulated Stripe failure", email };
      return json(200, { ok: true });
    }
    // The events so far and their deliveries, once those queued are made (an API call's are sent after its answer).
    if (req.method === "GET" && url.pathname === "/__events") {
      await settled();
      return json(200, { events: billing.events, deliveries });
    }
    // End-to-end tests (another process) set off what Stripe does on its own; each answers after its deliveries.
    if (req.method === "POST" && url.pathname.startsWith("/__")) {
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(body || "{}") as Record<string, unknown>;
      } catch {
        throw new StripeApiError(400, "The control endpoints take a JSON body");
      }
      if (url.pathname === "/__clock") {
        const at = input.now;
        if (at !== undefined && at !== null && typeof at !== "number") {
          throw new StripeApiError(400, "now is epoch milliseconds, or null for the real time");
        }
        clock.setNow(at ?? null);
        return json(200, { now: clock.now().getTime() });
      }
      const controlPath = /^\/__(checkout|subscriptions|customers)\/([^/]+)\/([a-z-]+)$/.exec(url.pathname);
      const [, kind, rawId, action] = controlPath ?? [];
      const id = decodeURIComponent(rawId ?? "");
      const make: Record<string, (() => StripeEvent[]) | undefined> = {
        "checkout/complete": () => billing.completeCheckout(id, { order: input.order as CheckoutEventType[] }),
        "subscriptions/renew": () => billing.renew(id, { fail: input.fail === true }),
        "subscriptions/retry": () => billing.retry(id),
        "subscriptions/give-up": () => billing.giveUp(id, { status: input.status as "canceled" | "unpaid" }),
        "subscriptions/end-period": () => billing.endPeriod(id),
        "customers/card": () => {
          billing.setCardFailing(id, input.failing === true);
          return [];
        },
      };
      const control = make[`${kind}/${action}`];
      if (control) return json(200, await produce(control));
    }
    const checkoutPath = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
    // The subscription checkout page's Subscribe button: the checkout completes, its events are delivered, and the
    // customer goes on to the session's success_url.
    if (req.method === "POST" && checkoutPath?.[2]) {
      const sessionId = decodeURIComponent(checkoutPath[1]!);
      try {
        await produce(() => billing.completeCheckout(sessionId));
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        return html(error.status, messagePage("Fake Stripe Checkout", error.message));
      }
      const session = sessions.get(sessionId)!;
      if (session.success_url) return redirect(successUrlOf(session));
      return html(200, messagePage("Fake Stripe Checkout", "Payment complete."));
    }
    if (req.method === "GET" && url.pathname.startsWith("/checkout/")) {
      const subscriptionPage = checkoutPath ? billing.checkoutPage(decodeURIComponent(checkoutPath[1]!)) : undefined;
      if (subscriptionPage) return html(200, subscriptionPage);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><title>Fake Stripe Checkout</title><h1>Fake Stripe Checkout</h1><p>${url.pathname.slice(10)}</p>`,
      );
      return;
    }
    const portalPath = /^\/billing\/([^/]+)(\/card)?$/.exec(url.pathname);
    if (portalPath) {
      const portalId = decodeURIComponent(portalPath[1]!);
      // The billing portal's Update card button: the new card pays what the old one could not, then back to the app.
      if (req.method === "POST" && portalPath[2]) {
        let returnUrl: string | null;
        try {
          const updated = billing.updateCardInPortal(portalId);
          await send(updated.events);
          returnUrl = updated.returnUrl;
        } catch (error) {
          if (!(error instanceof StripeApiError)) throw error;
          return html(error.status, messagePage("Billing portal", error.message));
        }
        if (returnUrl) return redirect(returnUrl);
        return html(200, messagePage("Billing portal", "Card updated."));
      }
      if (req.method === "GET" && !portalPath[2]) {
        const portalPage = billing.portalPage(portalId);
        if (portalPage) return html(200, portalPage);
        return html(404, messagePage("Billing portal", "This session is unknown."));
      }
    }
    if (url.pathname.startsWith("/v1/")) {
      const inQuery = req.method === "GET" || req.method === "DELETE";
      const form = Object.fromEntries(inQuery ? url.searchParams : new URLSearchParams(body));
      const key = req.headers["idempotency-key"];
      requests.push({
        method: req.method ?? "",
        path: url.pathname,
        form,
        authorization: req.headers.authorization,
        ...(typeof key === "string" ? { idempotencyKey: key } : {}),
      });
      const stripeError = (status: number, message: string) => {
        throw new StripeApiError(status, message);
      };
      const path = url.pathname;
      const exact = `${req.method} ${path}`;
      // The same path with its last part as an id (`POST /v1/prices/:id`): matched when no exact route is.
      const [, parent = "", last = ""] = /^(.*)\/([^/]+)$/.exec(path) ?? [];
      const withId = `${req.method} ${parent}/:id`;
      const id = decodeURIComponent(last);
      if (req.method === "POST" && path === "/v1/refunds") {
        if (refundFailure) {
          const { status, message } = refundFailure;
          refundFailure = undefined;
          return stripeError(status, message);
        }
        const known = typeof key === "string" ? refundsByKey.get(key) : undefined;
        if (known) return json(200, known);
        const refund = {
          id: randomId("re_test"),
          object: "refund",
          amount: Number(form.amount ?? 0),
          currency: "usd",
          payment_intent: form.payment_intent ?? null,
          charge: form.payment_intent ? `ch_for_${form.payment_intent}` : null,
          metadata: metadataOf(form),
          status: fake.refundStatus,
          created: nowSeconds(),
        };
        if (typeof key === "string") refundsByKey.set(key, refund);
        return json(200, refund);
      }
      if (req.method === "GET" && path === "/v1/checkout/sessions") {
        const intent = url.searchParams.get("payment_intent");
        const data = [...sessions.values()].filter((session) => !intent || session.payment_intent === intent);
        return json(200, { object: "list", url: "/v1/checkout/sessions", has_more: false, data });
      }
      if (withId === "GET /v1/checkout/sessions/:id") {
        const session = sessions.get(id);
        if (!session) return stripeError(404, `No such checkout.session: '${id}'`);
        return json(200, session);
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        if (failure && (!failure.email || failure.email === form.customer_email)) {
          const { status, message } = failure;
          failure = undefined;
          return json(status, { error: { type: "invalid_request_error", message } });
        }
        const expiresAt = form.expires_at ? Number(form.expires_at) : nowSeconds() + 24 * 60 * 60;
        if (form.mode === "subscription") return json(200, billing.createSubscriptionSession(form, expiresAt));
        const id = `cs_test_${randomBytes(12).toString("hex")}`;
        const metadata = metadataOf(form);
        const session = {
          id,
          object: "checkout.session",
          mode: form.mode,
          status: "open",
          payment_status: "unpaid",
          amount_total:
            Number(form["line_items[0][price_data][unit_amount]"] ?? 0) * Number(form["line_items[0][quantity]"] ?? 1),
          currency: form["line_items[0][price_data][currency]"],
          client_reference_id: form.client_reference_id ?? null,
          customer_email: form.customer_email ?? null,
          metadata,
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          url: `${base}/checkout/${id}`,
          payment_intent: randomId("pi_test"),
          expires_at: expiresAt,
        };
        sessions.set(id, session);
        return json(200, session);
      }
      // The subscription API: an update or cancellation answers first, and its event is delivered after, as Stripe's.
      const answerThenSend = ({ subscription, events }: { subscription: StripeObject; events: StripeEvent[] }) => {
        json(200, subscription);
        void send(events);
      };
      const api: Record<string, (() => unknown) | undefined> = {
        "POST /v1/customers": () => billing.createCustomer(form),
        "GET /v1/customers/:id": () => billing.getCustomer(id),
        "POST /v1/products": () => billing.createProduct(form),
        "POST /v1/products/:id": () => billing.updateProduct(id, form),
        "POST /v1/prices": () => billing.createPrice(form),
        "POST /v1/prices/:id": () => billing.updatePrice(id, form),
        "GET /v1/prices/:id": () => billing.getPrice(id),
        "GET /v1/subscriptions": () => billing.listSubscriptions(form),
        "GET /v1/subscriptions/:id": () => billing.getSubscription(id),
        "GET /v1/invoices/:id": () => billing.getInvoice(id),
        "GET /v1/invoice_payments": () => billing.listInvoicePayments(form),
        "POST /v1/billing_portal/sessions": () => billing.createPortalSession(form),
      };
      if (withId === "POST /v1/subscriptions/:id") return answerThenSend(billing.updateSubscription(id, form));
      if (withId === "DELETE /v1/subscriptions/:id") return answerThenSend(billing.cancelSubscription(id));
      const answer = api[exact] ?? api[withId];
      if (answer) return json(200, answer());
      return json(404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` },
      });
    }
    json(404, { error: "not found" });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  base = `http://${host}:${actualPort}`;
  const eventsOf = async (make: () => StripeEvent[]) => (await produce(make)).events;
  return {
    url: base,
    port: actualPort,
    requests,
    failNext(status, message) {
      failure = { status, message };
    },
    failNextRefund(status, message) {
      refundFailure = { status, message };
    },
    get refundStatus() {
      return fake.refundStatus;
    },
    set refundStatus(status) {
      fake.refundStatus = status;
    },
    sessions,
    expire(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No such checkout.session: '${sessionId}'`);
      session.status = "expired";
      // Answered for the test to sign and post itself: it is neither delivered nor kept among `events`.
      return billing.event("checkout.session.expired", session);
    },
    clock,
    events: billing.events,
    deliveries,
    customers: billing.customers,
    products: billing.products,
    prices: billing.prices,
    subscriptions: billing.subscriptions,
    invoices: billing.invoices,
    completeCheckout: (sessionId, checkoutOptions) =>
      eventsOf(() => billing.completeCheckout(sessionId, checkoutOptions)),
    renew: (subscriptionId, renewOptions) => eventsOf(() => billing.renew(subscriptionId, renewOptions)),
    setCardFailing: (customerId, failing) => billing.setCardFailing(customerId, failing),
    retry: (subscriptionId) => eventsOf(() => billing.retry(subscriptionId)),
    giveUp: (subscriptionId, giveUpOptions) => eventsOf(() => billing.giveUp(subscriptionId, giveUpOptions)),
    endPeriod: (subscriptionId) => eventsOf(() => billing.endPeriod(subscriptionId)),
    settled,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = Number(process.argv[2] ?? process.env.FAKE_STRIPE_PORT ?? 12111);
  const url = process.env.FAKE_STRIPE_WEBHOOK_URL;
  const secret = process.env.FAKE_STRIPE_WEBHOOK_SECRET;
  if (url && !secret) throw new Error("FAKE_STRIPE_WEBHOOK_URL needs FAKE_STRIPE_WEBHOOK_SECRET to sign the events");
  const fake = await startFakeStripe(port, "127.0.0.1", url && secret ? { webhook: { url, secret } } : {});
  console.log(`Fake Stripe listening on ${fake.url}${url ? `, delivering its events to ${url}` : ""}`);
}
