// A fake of the Stripe API at the network edge, for tests only: the real `stripe` SDK talks to it over HTTP
// on 127.0.0.1 (STRIPE_API_HOST/PORT/PROTOCOL). It answers POST /v1/checkout/sessions with a session
// object (remembered, each with its own PaymentIntent `pi_...` and its `expires_at`: the one asked for, else Stripe's
// default of 24 hours), GET /v1/checkout/sessions/:id and
// GET /v1/checkout/sessions?payment_intent=..., POST /v1/refunds with a refund object, records every request,
// and serves the "hosted checkout page" the session's url points to.
// Run it alone (end-to-end tests): `npx tsx tests/fakes/stripe-server.ts <port>`.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

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

type StripeObject = Record<string, unknown>;

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
  close(): Promise<void>;
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** `metadata[key]` form fields as an object. */
function metadataOf(form: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
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

export async function startFakeStripe(port = 0, host = "127.0.0.1"): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  /** A failure waiting for the next session creation (for one customer e-mail only, when given). */
  let failure: { status: number; message: string; email?: string } | undefined;
  let refundFailure: { status: number; message: string } | undefined;
  const sessions = new Map<string, StripeObject>();
  /** Refunds by idempotency key: a retried call answers the refund it made, as Stripe does. */
  const refundsByKey = new Map<string, StripeObject>();
  let base = "";
  const fake = { refundStatus: "succeeded" as "pending" | "succeeded" };

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
    if (req.method === "GET" && url.pathname.startsWith("/checkout/")) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><title>Fake Stripe Checkout</title><h1>Fake Stripe Checkout</h1><p>${url.pathname.slice(10)}</p>`,
      );
      return;
    }
    if (url.pathname.startsWith("/v1/")) {
      const form = Object.fromEntries(req.method === "GET" ? url.searchParams : new URLSearchParams(body));
      const key = req.headers["idempotency-key"];
      requests.push({
        method: req.method ?? "",
        path: url.pathname,
        form,
        authorization: req.headers.authorization,
        ...(typeof key === "string" ? { idempotencyKey: key } : {}),
      });
      const stripeError = (status: number, message: string, type = "invalid_request_error") => {
        // Stripe's own header: a refused request is not to be retried (the SDK would otherwise retry a 5xx).
        res.setHeader("stripe-should-retry", "false");
        return json(status, { error: { type, message } });
      };
      if (req.method === "POST" && url.pathname === "/v1/refunds") {
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
          created: Math.floor(Date.now() / 1000),
        };
        if (typeof key === "string") refundsByKey.set(key, refund);
        return json(200, refund);
      }
      if (req.method === "GET" && url.pathname === "/v1/checkout/sessions") {
        const intent = url.searchParams.get("payment_intent");
        const data = [...sessions.values()].filter((session) => !intent || session.payment_intent === intent);
        return json(200, { object: "list", url: "/v1/checkout/sessions", has_more: false, data });
      }
      const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && sessionPath) {
        const session = sessions.get(decodeURIComponent(sessionPath[1]!));
        if (!session) return stripeError(404, `No such checkout.session: '${sessionPath[1]}'`);
        return json(200, session);
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        if (failure && (!failure.email || failure.email === form.customer_email)) {
          const { status, message } = failure;
          failure = undefined;
          return json(status, { error: { type: "invalid_request_error", message } });
        }
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
          expires_at: form.expires_at ? Number(form.expires_at) : Math.floor(Date.now() / 1000) + 24 * 60 * 60,
        };
        sessions.set(id, session);
        return json(200, session);
      }
      return json(404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    }
    json(404, { error: "not found" });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  base = `http://${host}:${actualPort}`;
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
      return {
        id: randomId("evt_test"),
        object: "event",
        type: "checkout.session.expired",
        created: Math.floor(Date.now() / 1000),
        data: { object: { ...session } },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = Number(process.argv[2] ?? process.env.FAKE_STRIPE_PORT ?? 12111);
  const fake = await startFakeStripe(port);
  console.log(`Fake Stripe listening on ${fake.url}`);
}
