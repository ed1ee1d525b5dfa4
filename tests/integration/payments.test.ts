import { and, eq } from "drizzle-orm";
import { existsSync, readdirSync, rmSync } from "node:fs";
import sharp from "sharp";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { attemptCounters, notifications, payments, stripeEvents } from "~db/schema";
import { checkoutRateLimitKey, CHECKOUT_RATE_LIMIT } from "~/features/payments/card/create-card-checkout.server";
import { listOwnPayments } from "~/features/payments/list-own-payments.server";
import { thumbnailKey, UPLOAD_KINDS } from "~/domain/upload-kinds";
import type { SessionUser } from "~/lib/auth/session";
import { ENDPOINTS } from "~/lib/http/endpoints";
import { action as checkoutAction } from "~/routes/resources/card-checkout";
import { action as webhookAction } from "~/routes/resources/card-webhook";
import { action as proofAction } from "~/routes/resources/payment-proof";
import { createApp } from "../../server/app";
import { fakeStripeSettings, startFakeStripe, type FakeStripe } from "../fakes/stripe-server";
import { changeEvent, LiveStream } from "./live-stream";
import {
  databaseError,
  routeAnswer,
  routeArgs,
  routeContext,
  SITE_URL,
  testServices,
  UNIQUE_VIOLATION,
  type SignedIn,
} from "./support";
import { testApp } from "./test-app";

const WEBHOOK_SECRET = "whsec_integration_test_secret";
/** A real 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
/** A real (decodable) 2 x 2 JPEG: proofs are re-encoded, so a file with only JPEG's magic bytes is refused. */
const JPEG = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#3366cc" } })
  .jpeg()
  .toBuffer();

// The services are made with the fake Stripe's address, so it listens before the app is opened (and closes after).
const fakeStripe: FakeStripe = await startFakeStripe();
afterAll(() => fakeStripe.close());
const app = testApp({
  settings: fakeStripeSettings(fakeStripe, { secretKey: "sk_test_integration", webhookSecret: WEBHOOK_SECRET }),
});
let server: Server;
let base: string;
let customerA: SignedIn;
let customerB: SignedIn;
let admin1: SignedIn;
let admin2: SignedIn;
const signer = new Stripe("sk_test_signer_only");

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const listening = createApp(app.services).listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  customerA = await app.customer({ name: "Ana Ruiz", companyName: "Ruiz Roofing" });
  customerB = await app.customer({ name: "Blair Banks", companyName: "Banks Painting" });
  admin1 = await app.admin();
  admin2 = await app.admin();
});

afterAll(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

beforeEach(async () => {
  await app.db.delete(payments);
  await app.db.delete(notifications);
  await app.db.delete(stripeEvents);
  await app.db.delete(attemptCounters);
  rmSync(path.join(app.services.env.DATA_DIR, "storage"), { recursive: true, force: true });
  await app.deliveredChanges();
});

interface ProofFields {
  serviceType?: string;
  paymentNumber?: string;
  file?: { bytes: Uint8Array; name: string; type: string } | null;
  extra?: Record<string, string>;
}

async function sendProof(user: SessionUser | null, fields: ProofFields = {}) {
  const form = new FormData();
  form.set("serviceType", fields.serviceType ?? "google_business");
  form.set("paymentNumber", fields.paymentNumber ?? "1");
  const file = fields.file === undefined ? { bytes: PNG, name: "proof.png", type: "image/png" } : fields.file;
  if (file) form.set("proof", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
  for (const [key, value] of Object.entries(fields.extra ?? {})) form.set(key, value);
  const request = new Request(`${SITE_URL}/resources/payments/proof`, { method: "POST", body: form });
  return routeAnswer(
    await proofAction({ request, context: routeContext(app.services, user), params: {} } as unknown as Parameters<
      typeof proofAction
    >[0]),
  );
}

const PROOF_BUCKET = UPLOAD_KINDS["payment-proof"].bucket;

/** The stored proof photos of a user (their thumbnails left out). */
function storedProofs(userId: string): string[] {
  const folder = path.join(app.services.env.DATA_DIR, "storage", PROOF_BUCKET, userId);
  return existsSync(folder) ? readdirSync(folder).filter((name) => !name.endsWith(".thumb.webp")) : [];
}

/** Every stored file of a user: proofs and their thumbnails. */
function storedFiles(userId: string): string[] {
  const folder = path.join(app.services.env.DATA_DIR, "storage", PROOF_BUCKET, userId);
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

async function rowsOf(userId: string) {
  return app.db.select().from(payments).where(eq(payments.userId, userId));
}

async function setStatus(userId: string, serviceType: string, paymentNumber: number, status: string) {
  await app.db
    .update(payments)
    .set({ status })
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.serviceType, serviceType),
        eq(payments.paymentNumber, paymentNumber),
        eq(payments.status, "pending"),
      ),
    );
}

const get = (url: string, cookie?: string) => fetch(`${base}${url}`, { headers: cookie ? { cookie } : {} });

describe("proof of payment (POST /resources/payments/proof)", () => {
  it("records a pending Zelle payment priced from the catalog, stores the file privately and notifies every admin", async () => {
    const result = await sendProof(customerA.user, {
      extra: { amount: "1", status: "completed", paymentMethod: "card" },
    });
    expect(result).toEqual({ status: 200, body: { ok: true } });

    const [row] = await rowsOf(customerA.id);
    expect(row).toMatchObject({
      serviceType: "google_business",
      paymentNumber: 1,
      amount: 250,
      paymentMethod: "zelle",
      status: "pending",
    });
    expect(row!.proofUrl).toMatch(
      new RegExp(`^/files/admin-note-photos/${customerA.id}/google_business_payment_1_\\d+_[a-z0-9]+\\.png$`),
    );
    const stored = row!.proofUrl!.split("/").pop()!;
    expect(storedFiles(customerA.id)).toEqual([stored, thumbnailKey(stored)].sort());

    const sent = await app.db.select().from(notifications);
    expect(sent.map((n) => n.userId).sort()).toEqual([admin1.id, admin2.id].sort());
    for (const notification of sent) {
      expect(notification).toMatchObject({
        type: "payment",
        title: "New Payment Received (Zelle)",
        message: "Ana Ruiz from Ruiz Roofing submitted a Zelle payment of $250 for Google Business Profile",
        isRead: false,
      });
    }
    const changes = await app.deliveredChanges();
    expect(changes).toContainEqual({ table: "payments", userId: customerA.id });
    expect(changes).toContainEqual({ table: "notifications", userId: admin1.id });
    expect(changes).toContainEqual({ table: "notifications", userId: admin2.id });
  });

  it("says which website payment it is in the admins' message, with the catalog amount", async () => {
    await app.payment(customerB.id, {
      serviceType: "website",
      amount: 350,
      paymentMethod: "card",
      status: "completed",
    });
    const result = await sendProof(customerB.user, {
      serviceType: "website",
      paymentNumber: "2",
      file: { bytes: JPEG, name: "x.jpg", type: "image/jpeg" },
    });
    expect(result.status).toBe(200);
    const second = (await rowsOf(customerB.id)).find((p) => p.paymentNumber === 2);
    expect(second).toMatchObject({ amount: 350, status: "pending", paymentMethod: "zelle" });
    expect(second!.proofUrl).toMatch(/website_payment_2_\d+_[a-z0-9]+\.jpg$/);
    const [message] = await app.db.select().from(notifications).where(eq(notifications.userId, admin1.id));
    expect(message!.message).toBe(
      "Blair Banks from Banks Painting submitted a Zelle payment of $350 for Website (Payment 2)",
    );
  });

  it("answers 401 to anonymous visitors and writes nothing", async () => {
    expect(await sendProof(null)).toEqual({ status: 401, body: { ok: false, error: "You must be logged in" } });
    expect(await app.db.select().from(payments)).toEqual([]);
  });

  it("refuses a text file named proof.png, whatever its declared type: no row, no file", async () => {
    const text = new TextEncoder().encode("this is not an image, just text pretending to be one");
    expect(await sendProof(customerA.user, { file: { bytes: text, name: "proof.png", type: "image/png" } })).toEqual({
      status: 400,
      body: { ok: false, error: "The proof of payment must be a JPEG, PNG or WebP image" },
    });
    // An image format outside the list (GIF) is refused too.
    const gif = new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");
    expect(
      (await sendProof(customerA.user, { file: { bytes: gif, name: "proof.jpg", type: "image/jpeg" } })).status,
    ).toBe(400);
    expect(await rowsOf(customerA.id)).toEqual([]);
    expect(storedFiles(customerA.id)).toEqual([]);
    expect(await app.deliveredChanges()).toEqual([]);
  });

  it("refuses an 11 MB image with a clear message: no row, no file", async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(PNG);
    // Called directly, the form is read and the schema refuses the photo (400).
    expect(await sendProof(customerA.user, { file: { bytes: big, name: "big.png", type: "image/png" } })).toEqual({
      status: 400,
      body: { ok: false, error: "The proof of payment photo must be smaller than 10MB" },
    });
    // Over HTTP the server refuses the body itself, before any of it reaches the route (413 with the same
    // message): tests/integration/http-hardening.test.ts.
    expect(await rowsOf(customerA.id)).toEqual([]);
    expect(storedFiles(customerA.id)).toEqual([]);
  });

  it("asks for a photo when none is sent, and refuses unknown services and payment numbers", async () => {
    expect(await sendProof(customerA.user, { file: null })).toEqual({
      status: 400,
      body: { ok: false, error: "Please select a proof of payment photo" },
    });
    expect(await sendProof(customerA.user, { serviceType: "seo" })).toEqual({
      status: 400,
      body: { ok: false, error: "Unknown service" },
    });
    expect(await sendProof(customerA.user, { paymentNumber: "2" })).toEqual({
      status: 400,
      body: { ok: false, error: "Invalid payment number" },
    });
    expect(await rowsOf(customerA.id)).toEqual([]);
    expect(storedFiles(customerA.id)).toEqual([]);
  });

  it("refuses website payment 2 before payment 1 is completed: no row, no file", async () => {
    const attempt = () => sendProof(customerA.user, { serviceType: "website", paymentNumber: "2" });
    expect(await attempt()).toEqual({
      status: 400,
      body: { ok: false, error: "Payment 1 of 2 must be completed before payment 2" },
    });
    expect((await sendProof(customerA.user, { serviceType: "website", paymentNumber: "1" })).status).toBe(200);
    expect((await attempt()).status).toBe(400);
    expect((await rowsOf(customerA.id)).map((p) => p.paymentNumber)).toEqual([1]);
    expect(storedProofs(customerA.id)).toHaveLength(1);
  });

  it("refuses a second proof while one is pending or completed, and allows one after a rejection", async () => {
    expect((await sendProof(customerA.user)).status).toBe(200);
    const again = await sendProof(customerA.user);
    expect(again).toEqual({
      status: 409,
      body: { ok: false, error: "A payment for Google Business Profile Setup is already pending review" },
    });
    expect(await rowsOf(customerA.id)).toHaveLength(1);
    expect(storedProofs(customerA.id)).toHaveLength(1);

    await setStatus(customerA.id, "google_business", 1, "rejected");
    expect((await sendProof(customerA.user)).status).toBe(200);
    expect((await rowsOf(customerA.id)).map((p) => p.status).sort()).toEqual(["pending", "rejected"]);
    expect(storedProofs(customerA.id)).toHaveLength(2);

    await setStatus(customerA.id, "google_business", 1, "completed");
    expect(await sendProof(customerA.user)).toEqual({
      status: 409,
      body: { ok: false, error: "Google Business Profile Setup is already paid" },
    });
  });

  it("keeps the database's one-live-payment rule for races (the unique index)", async () => {
    const values = {
      userId: customerA.id,
      serviceType: "website",
      paymentNumber: 1,
      amount: 350,
      paymentMethod: "zelle",
    } as const;
    await app.db.insert(payments).values(values);
    const refused = await databaseError(app.db.insert(payments).values(values));
    expect(refused).toMatchObject({ code: UNIQUE_VIOLATION, constraint: "payments_live_unique_idx" });
  });

  it("maps a lost race to the same clear message and removes the stored file", async () => {
    // Two submissions at once: both pass the check, the unique index lets only one row in.
    const results = await Promise.all([
      sendProof(customerB.user),
      sendProof(customerB.user),
      sendProof(customerB.user),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body).toEqual({
        ok: false,
        error: "A payment for Google Business Profile Setup is already pending review",
      });
    }
    expect(await rowsOf(customerB.id)).toHaveLength(1);
    expect(storedProofs(customerB.id)).toHaveLength(1);
    // The losers' notifications went with their transactions: each admin hears of the one payment once.
    const sent = await app.db.select().from(notifications);
    expect(sent.map((n) => n.userId).sort()).toEqual([admin1.id, admin2.id].sort());
  });

  it("always records the payment for the signed-in customer, whatever user id the browser sends", async () => {
    expect((await sendProof(customerB.user, { extra: { userId: customerA.id, user_id: customerA.id } })).status).toBe(
      200,
    );
    expect(await rowsOf(customerA.id)).toEqual([]);
    expect(await rowsOf(customerB.id)).toHaveLength(1);
    expect(storedFiles(customerA.id)).toEqual([]);
  });
});

describe("reading payments and proof files", () => {
  it("lists only the customer's own payments", async () => {
    await sendProof(customerA.user);
    await sendProof(customerB.user);
    const listA = await listOwnPayments(app.database, customerA.user);
    expect(listA).toHaveLength(1);
    expect(listA[0]).toMatchObject({ serviceType: "google_business", status: "pending", amount: 250 });
    expect((await listOwnPayments(app.database, customerB.user)).every((p) => p.proofUrl?.includes(customerB.id))).toBe(
      true,
    );
    await expect(listOwnPayments(app.database, null)).rejects.toMatchObject({ status: 401 });
  });

  it("serves a proof to its owner and admins only (404 for other customers, 401 anonymous)", async () => {
    await sendProof(customerA.user);
    const [row] = await rowsOf(customerA.id);
    const url = row!.proofUrl!;

    const own = await get(url, customerA.cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    const name = url.split("/").pop();
    expect(own.headers.get("content-disposition")).toBe(`inline; filename="${name}"; filename*=UTF-8''${name}`);
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    expect(own.headers.get("cache-control")).toContain("private");
    // Stored re-encoded without metadata: the same image, not the same bytes.
    expect((await sharp(Buffer.from(await own.arrayBuffer())).metadata()).format).toBe("png");

    const asAdmin = await get(url, admin1.cookie);
    expect(asAdmin.status).toBe(200);
    expect((await sharp(Buffer.from(await asAdmin.arrayBuffer())).metadata()).width).toBe(1);

    const asOther = await get(url, customerB.cookie);
    expect(asOther.status).toBe(404);
    expect(await asOther.text()).not.toContain("PNG");
    expect((await get(url)).status).toBe(401);
    // Paths that try to leave the bucket, unknown buckets and missing files are all plain 404s.
    expect((await get(`/files/admin-note-photos/${customerA.id}/..%2F..%2Fauth-secret`, admin1.cookie)).status).toBe(
      404,
    );
    expect((await get(`/files/secrets/${customerA.id}/x.png`, admin1.cookie)).status).toBe(404);
    expect((await get(`/files/admin-note-photos/${customerA.id}/missing.png`, customerA.cookie)).status).toBe(404);
  });
});

async function checkout(
  cookie: string | undefined,
  body: unknown,
  contentType = "application/json",
  on = app.services,
) {
  const response = await checkoutAction(
    await routeArgs(on, ENDPOINTS.cardCheckout, {
      method: "POST",
      headers: { "content-type": contentType, ...(cookie ? { cookie } : {}) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("card checkout (POST /api/create-payment-checkout)", () => {
  it("creates a Stripe Checkout Session priced from the catalog and returns its url", async () => {
    fakeStripe.requests.length = 0;
    const result = await checkout(customerA.cookie, {
      serviceType: "website",
      paymentNumber: 1,
      amount: 1,
      userId: customerB.id,
      returnPath: "/dashboard/website",
    });
    expect(result.status).toBe(200);
    expect(result.body.url).toMatch(new RegExp(`^${fakeStripe.url}/checkout/cs_test_`));

    expect(fakeStripe.requests).toHaveLength(1);
    const [sent] = fakeStripe.requests;
    expect(sent!.path).toBe("/v1/checkout/sessions");
    expect(sent!.authorization).toBe("Bearer sk_test_integration");
    expect(sent!.form).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "35000",
      "line_items[0][price_data][product_data][name]": "Website Development - Payment 1 of 2",
      client_reference_id: customerA.id,
      "metadata[userId]": customerA.id,
      "metadata[serviceType]": "website",
      "metadata[paymentNumber]": "1",
      success_url: "http://localhost:3000/dashboard/website?checkout=success",
      cancel_url: "http://localhost:3000/dashboard/website?checkout=cancelled",
    });
    expect(Object.keys(sent!.form).some((key) => key.startsWith("payment_method_types"))).toBe(false);
    // Nothing is recorded until the webhook says it was paid.
    expect(await app.db.select().from(payments)).toEqual([]);
  });

  it("returns to a dashboard page only, and prices the Google service at $250", async () => {
    fakeStripe.requests.length = 0;
    const result = await checkout(customerA.cookie, {
      serviceType: "google_business",
      paymentNumber: 1,
      returnPath: "https://evil.test/x",
    });
    expect(result.status).toBe(200);
    expect(fakeStripe.requests[0]!.form).toMatchObject({
      "line_items[0][price_data][unit_amount]": "25000",
      success_url: "http://localhost:3000/dashboard/progress?checkout=success",
    });
  });

  it("refuses anonymous visitors, bad input and payments the rules do not allow, without calling Stripe", async () => {
    fakeStripe.requests.length = 0;
    expect(await checkout(undefined, { serviceType: "website", paymentNumber: 1 })).toEqual({
      status: 401,
      body: { ok: false, error: { code: "not_signed_in", message: "You must be logged in" } },
    });
    expect(await checkout(customerA.cookie, { serviceType: "website", paymentNumber: 2 })).toEqual({
      status: 400,
      body: {
        ok: false,
        error: { code: "payment_out_of_order", message: "Payment 1 of 2 must be completed before payment 2" },
      },
    });
    expect(await checkout(customerA.cookie, { serviceType: "website", paymentNumber: 3 })).toEqual({
      status: 400,
      body: { ok: false, error: { code: "invalid_input", message: "Invalid payment number" } },
    });
    expect(await checkout(customerA.cookie, "{not json")).toEqual({
      status: 400,
      body: { ok: false, error: { code: "invalid_body", message: "Invalid request body" } },
    });
    expect((await checkout(customerA.cookie, { serviceType: "website", paymentNumber: 1 }, "text/plain")).status).toBe(
      415,
    );
    await sendProof(customerA.user);
    expect(await checkout(customerA.cookie, { serviceType: "google_business", paymentNumber: 1 })).toEqual({
      status: 409,
      body: {
        ok: false,
        error: {
          code: "payment_pending_review",
          message: "A payment for Google Business Profile Setup is already pending review",
        },
      },
    });
    expect(fakeStripe.requests).toEqual([]);
  });

  it("reports a Stripe failure as 'Error creating payment session'", async () => {
    fakeStripe.failNext(400, "Invalid API key");
    expect(await checkout(customerA.cookie, { serviceType: "google_business", paymentNumber: 1 })).toEqual({
      status: 502,
      body: { ok: false, error: { code: "card_checkout_failed", message: "Error creating payment session" } },
    });
  });

  it("limits each customer to 10 checkout sessions in 10 minutes: the 11th gets 429 and Stripe is not called", async () => {
    const customer = await app.customer({ name: "Rita Rate" });
    expect(CHECKOUT_RATE_LIMIT).toEqual({ windowMs: 10 * 60 * 1000, max: 10 });
    fakeStripe.requests.length = 0;
    for (let attempt = 1; attempt <= 10; attempt++) {
      const result = await checkout(customer.cookie, { serviceType: "google_business", paymentNumber: 1 });
      expect(result.status, `attempt ${attempt}`).toBe(200);
      expect(result.body).toMatchObject({ ok: true });
    }
    expect(fakeStripe.requests).toHaveLength(10);
    expect(await checkout(customer.cookie, { serviceType: "google_business", paymentNumber: 1 })).toEqual({
      status: 429,
      body: {
        ok: false,
        error: {
          code: "card_checkout_rate_limited",
          message: "Too many payment attempts. Please wait a few minutes and try again.",
        },
      },
    });
    // Refused requests count too, and nothing reaches Stripe while the window lasts.
    expect((await checkout(customer.cookie, "{not json")).status).toBe(400);
    expect((await checkout(customer.cookie, { serviceType: "website", paymentNumber: 1 })).status).toBe(429);
    expect(fakeStripe.requests).toHaveLength(10);
    // The limit is per customer: another one still pays.
    expect((await checkout(customerB.cookie, { serviceType: "google_business", paymentNumber: 1 })).status).toBe(200);
    // The counter lives in the database under checkout:<userId>, so every app instance shares it.
    const [counter] = await app.db
      .select()
      .from(attemptCounters)
      .where(eq(attemptCounters.key, checkoutRateLimitKey(customer.id)));
    expect(counter?.count).toBe(12);
  });

  it("says card payments are not configured without STRIPE_SECRET_KEY", async () => {
    const plain = await testServices(app.database);
    try {
      expect(
        await checkout(
          customerA.cookie,
          { serviceType: "google_business", paymentNumber: 1 },
          "application/json",
          plain,
        ),
      ).toEqual({
        status: 503,
        body: {
          ok: false,
          error: { code: "card_payments_not_configured", message: "Card payments are not configured" },
        },
      });
    } finally {
      await plain.close();
    }
  });
});

let eventCounter = 0;
function completedEvent(
  userId: string,
  serviceType: string,
  paymentNumber: number,
  overrides: Record<string, unknown> = {},
) {
  eventCounter += 1;
  return {
    id: `evt_test_${eventCounter}_${Date.now()}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${eventCounter}_${Date.now()}`,
        object: "checkout.session",
        mode: "payment",
        payment_status: "paid",
        currency: "usd",
        amount_total: (serviceType === "website" ? 350 : 250) * 100,
        client_reference_id: userId,
        metadata: { userId, serviceType, paymentNumber: String(paymentNumber) },
        ...overrides,
      },
    },
  };
}

async function postWebhook(event: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  const response = await webhook({ "content-type": "application/json", "stripe-signature": header }, payload);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The webhook's action, given the exact bytes the card provider would send. */
async function webhook(headers: Record<string, string>, body: string): Promise<Response> {
  return webhookAction(await routeArgs(app.services, ENDPOINTS.cardWebhook, { method: "POST", headers, body }));
}

describe("Stripe webhook (POST /api/stripe/webhook)", () => {
  it("marks the payment completed by card on a signed checkout.session.completed, once", async () => {
    const event = completedEvent(customerA.id, "google_business", 1);
    expect(await postWebhook(event)).toEqual({ status: 200, body: { received: true, outcome: "completed" } });
    const [row] = await rowsOf(customerA.id);
    expect(row).toMatchObject({
      serviceType: "google_business",
      paymentNumber: 1,
      amount: 250,
      paymentMethod: "card",
      status: "completed",
      stripeSessionId: event.data.object.id,
    });
    expect(await app.deliveredChanges()).toEqual([{ table: "payments", userId: customerA.id }]);

    // Stripe delivers at least once: the same event again changes nothing and publishes nothing.
    expect(await postWebhook(event)).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
    const after = await rowsOf(customerA.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.updatedAt).toEqual(row!.updatedAt);
    expect(await app.deliveredChanges()).toEqual([]);
  });

  it("refuses a bad signature with 400 and changes nothing", async () => {
    const event = completedEvent(customerA.id, "google_business", 1);
    expect(await postWebhook(event, "whsec_someone_else")).toEqual({
      status: 400,
      body: { ok: false, error: { code: "webhook_signature_invalid", message: "Invalid webhook signature" } },
    });
    const tampered = await webhook(
      {
        "content-type": "application/json",
        "stripe-signature": signer.webhooks.generateTestHeaderString({
          payload: JSON.stringify(event),
          secret: WEBHOOK_SECRET,
        }),
      },
      JSON.stringify({ ...event, id: "evt_changed" }),
    );
    expect(tampered.status).toBe(400);
    const unsigned = await webhook({}, JSON.stringify(event));
    expect(unsigned.status).toBe(400);
    expect(await rowsOf(customerA.id)).toEqual([]);
    expect(await app.db.select().from(stripeEvents)).toEqual([]);
    expect(await app.deliveredChanges()).toEqual([]);
  });

  it("completes a pending Zelle proof for the same payment as paid by card, noting it for the admin", async () => {
    await sendProof(customerA.user);
    await app.deliveredChanges();
    const event = completedEvent(customerA.id, "google_business", 1);
    expect((await postWebhook(event)).body).toEqual({ received: true, outcome: "completed-pending-zelle" });
    const rows = await rowsOf(customerA.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "completed",
      paymentMethod: "card",
      stripeSessionId: event.data.object.id,
    });
    expect(rows[0]!.proofUrl).toMatch(/google_business_payment_1_/);
    expect(rows[0]!.adminNotes).toBe(
      `Paid by card (Stripe Checkout ${event.data.object.id}) while this Zelle proof was pending review; the proof was not reviewed.`,
    );
    expect(await app.deliveredChanges()).toEqual([{ table: "payments", userId: customerA.id }]);
  });

  it("records a second payment of an already paid one without changing it, and ignores unpaid or foreign sessions", async () => {
    await postWebhook(completedEvent(customerB.id, "website", 1));
    expect((await postWebhook(completedEvent(customerB.id, "website", 1))).body.outcome).toBe("already-paid");
    expect(await rowsOf(customerB.id)).toHaveLength(1);

    expect(
      (await postWebhook(completedEvent(customerB.id, "website", 2, { payment_status: "unpaid" }))).body.outcome,
    ).toBe("ignored");
    expect((await postWebhook(completedEvent(customerB.id, "website", 7))).body.outcome).toBe("ignored");
    expect((await postWebhook(completedEvent(crypto.randomUUID(), "website", 1))).body.outcome).toBe("ignored");
    expect(
      (await postWebhook({ ...completedEvent(customerB.id, "website", 2), type: "customer.created" })).body.outcome,
    ).toBe("ignored");
    expect((await rowsOf(customerB.id)).map((p) => p.paymentNumber)).toEqual([1]);
  });

  it("completes nothing when the session's currency or amount is not the catalog's, recording why", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const cases = [
        { overrides: { currency: "eur" }, reason: "ignored: currency eur is not usd" },
        { overrides: { amount_total: 100 }, reason: "ignored: amount_total 100 is not 25000" },
        { overrides: { amount_total: 35000 }, reason: "ignored: amount_total 35000 is not 25000" },
        { overrides: { currency: undefined }, reason: "ignored: currency missing is not usd" },
        { overrides: { amount_total: null }, reason: "ignored: amount_total missing is not 25000" },
      ];
      for (const { overrides, reason } of cases) {
        const event = completedEvent(customerA.id, "google_business", 1, overrides);
        expect(await postWebhook(event)).toEqual({ status: 200, body: { received: true, outcome: "ignored" } });
        const [recorded] = await app.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
        expect(recorded?.outcome).toBe(reason);
        // The same event again is a duplicate, still completing nothing.
        expect((await postWebhook(event)).body.outcome).toBe("duplicate");
      }
      expect(await rowsOf(customerA.id)).toEqual([]);
      expect(await app.deliveredChanges()).toEqual([]);
      expect(warn).toHaveBeenCalledTimes(cases.length);
      expect(String(warn.mock.calls[0]![0])).toContain("currency eur is not usd");

      // A pending Zelle proof is not completed by an underpaid session either.
      await sendProof(customerA.user);
      await app.deliveredChanges();
      expect(
        (await postWebhook(completedEvent(customerA.id, "google_business", 1, { amount_total: 2500 }))).body.outcome,
      ).toBe("ignored");
      expect((await rowsOf(customerA.id)).map((p) => [p.status, p.paymentMethod])).toEqual([["pending", "zelle"]]);
      // The catalog's amount in dollars completes it.
      expect((await postWebhook(completedEvent(customerA.id, "google_business", 1))).body.outcome).toBe(
        "completed-pending-zelle",
      );
    } finally {
      warn.mockRestore();
    }
  });

  it("opens website payment 2 once payment 1 is paid by card", async () => {
    await postWebhook(completedEvent(customerA.id, "website", 1));
    expect((await sendProof(customerA.user, { serviceType: "website", paymentNumber: "2" })).status).toBe(200);
    expect((await rowsOf(customerA.id)).map((p) => [p.paymentNumber, p.status]).sort()).toEqual([
      [1, "completed"],
      [2, "pending"],
    ]);
  });

  it("reaches the paying customer's open page through the live stream, and no other customer's", async () => {
    const { stream: streamA } = await LiveStream.open(base, customerA.cookie);
    const { stream: streamB } = await LiveStream.open(base, customerB.cookie);
    try {
      await postWebhook(completedEvent(customerA.id, "google_business", 1));
      const paymentsChanged = (event: { event: string; data: unknown }) =>
        JSON.stringify(event) === JSON.stringify(changeEvent("payments"));
      await streamA!.until(paymentsChanged);
      // B's stream hears a marker published afterwards, but never A's payment.
      await app.services.bus.publish({ table: "marker", userId: customerB.id });
      const seenByB = await streamB!.until((event) => JSON.stringify(event) === JSON.stringify(changeEvent("marker")));
      expect(seenByB.some(paymentsChanged)).toBe(false);
    } finally {
      await streamA?.close();
      await streamB?.close();
    }
  });
});

describe("a new proof for a rejected Zelle transfer", () => {
  /** A's Zelle proof through the route, then rejected: the row as stored. */
  async function rejectedProofOfA() {
    expect(await sendProof(customerA.user)).toMatchObject({ status: 200 });
    const [row] = await rowsOf(customerA.id);
    await app.db.update(payments).set({ status: "rejected", adminNotes: "Blurry" }).where(eq(payments.id, row!.id));
    await app.db.delete(notifications);
    await app.deliveredChanges();
    return row!;
  }

  it("puts the same payment back in review with the new photo: no second payment, the admins told, the old photo removed", async () => {
    const rejected = await rejectedProofOfA();
    const [oldPhoto] = storedProofs(customerA.id);
    expect(await sendProof(customerA.user, { extra: { paymentId: rejected.id } })).toEqual({
      status: 200,
      body: { ok: true },
    });
    const rows = await rowsOf(customerA.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: rejected.id, status: "pending", adminNotes: null, paymentMethod: "zelle" });
    expect(rows[0]!.proofUrl).not.toBe(rejected.proofUrl);
    expect(storedProofs(customerA.id)).not.toContain(oldPhoto);
    expect(storedProofs(customerA.id)).toHaveLength(1);
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, admin1.id));
    expect(told.map((n) => n.title)).toEqual(["New Payment Received (Zelle)"]);
    expect(await app.deliveredChanges()).toContainEqual({ table: "payments", userId: customerA.id });
  });

  it("is refused for anyone but the payment's customer: customer B and an admin as if it did not exist, a visitor 401", async () => {
    const rejected = await rejectedProofOfA();
    const notFound = { status: 404, body: { ok: false, error: "Payment not found" } };
    expect(await sendProof(customerB.user, { extra: { paymentId: rejected.id } })).toEqual(notFound);
    expect(await sendProof(admin1.user, { extra: { paymentId: rejected.id } })).toEqual(notFound);
    expect(await sendProof(null, { extra: { paymentId: rejected.id } })).toMatchObject({ status: 401 });
    expect(await rowsOf(customerA.id)).toEqual([
      expect.objectContaining({ status: "rejected", proofUrl: rejected.proofUrl }),
    ]);
    expect(storedProofs(customerB.id)).toEqual([]);
  });

  it("is refused, in the person's language, for a payment that is not rejected, not a Zelle transfer, or not the newest", async () => {
    expect(await sendProof(customerA.user)).toMatchObject({ status: 200 });
    const [pending] = await rowsOf(customerA.id);
    const refusal = {
      status: 409,
      body: { ok: false, error: "Only the latest rejected Zelle transfer can get a new proof" },
    };
    expect(await sendProof(customerA.user, { extra: { paymentId: pending!.id } })).toEqual(refusal);

    const card = await app.payment(customerA.id, {
      serviceType: "website",
      amount: 350,
      paymentMethod: "card",
      status: "rejected",
    });
    expect(await sendProof(customerA.user, { extra: { paymentId: card } })).toEqual(refusal);

    // Paid again after the rejection: the old rejected transfer cannot come back.
    await app.db.update(payments).set({ status: "rejected" }).where(eq(payments.id, pending!.id));
    expect(await sendProof(customerA.user)).toMatchObject({ status: 200 });
    expect(await sendProof(customerA.user, { extra: { paymentId: pending!.id } })).toEqual(refusal);
    expect(await sendProof(customerA.user, { extra: { paymentId: "not-a-uuid" } })).toMatchObject({ status: 400 });
  });
});
