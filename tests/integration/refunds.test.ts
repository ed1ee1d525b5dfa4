import { randomUUID } from "node:crypto";
import { and, asc, eq, notLike } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  auditEvents,
  emailMessages,
  notifications,
  paymentRefunds,
  payments,
  profiles,
  stripeEvents,
} from "~db/schema";
import { getDashboardFigures } from "~/features/analytics/get-dashboard-figures.server";
import { payingCustomer } from "~/features/information/save-information.server";
import { listOwnPayments } from "~/features/payments/list-own-payments.server";
import { listPaymentsForReview } from "~/features/payments/review/list-payments-for-review.server";
import { refuseIfNotPayable } from "~/features/payments/payment-eligibility.server";
import { gateState } from "~/features/payments/payment-state";
import { refundPayment } from "~/features/payments/refunds/refund-payment.server";
import type { SessionUser } from "~/lib/auth/session";
import { ENDPOINTS } from "~/lib/http/endpoints";
import { saveLanguage } from "~/features/profile/save-language.server";
import { action as detailAction } from "~/routes/admin/user-detail/payments";
import { action as webhookAction } from "~/routes/resources/card-webhook";
import { loader as googleBusinessLoader } from "~/routes/dashboard/google-business";
import { fakeStripeSettings, startFakeStripe, type FakeStripe } from "../fakes/stripe-server";
import {
  behindAdminGuard,
  expectHttpError,
  formPost,
  refusal,
  routeAnswer,
  routeArgs,
  routeContext,
  SITE_URL,
  type SignedIn,
} from "./support";
import { testApp } from "./test-app";

// Refunds: only an admin gives money back, never more than is left; a Zelle refund is done at once, a card refund
// through Stripe's API and confirmed by the charge.refunded webhook (idempotent, and the truth about what Stripe gave
// back). A payment refunded in full no longer unlocks its page, and may be paid again.

const WEBHOOK_SECRET = "whsec_refunds_test_secret";
const signer = new Stripe("sk_test_signer_only");

// The services are made with the fake Stripe's address, so it listens before the app is opened (and closes after).
const fakeStripe: FakeStripe = await startFakeStripe();
afterAll(() => fakeStripe.close());
const app = testApp({
  settings: fakeStripeSettings(fakeStripe, { secretKey: "sk_test_refunds", webhookSecret: WEBHOOK_SECRET }),
});
let customerA: SignedIn;
let customerB: SignedIn;
let spanish: SignedIn;
let staffA: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  customerA = await app.customer({ name: "Ana Ruiz", companyName: "Ruiz Roofing" });
  customerB = await app.customer({ name: "Blair Banks" });
  spanish = await app.customer({ name: "Sofía Gómez" });
  await saveLanguage(app.services, spanish.id, "es");
  staffA = await app.staff([customerA.id]);
  admin = await app.admin();
});

beforeEach(async () => {
  await app.db.delete(payments);
  await app.db.delete(notifications);
  await app.db.delete(emailMessages);
  await app.db.delete(auditEvents);
  await app.db.delete(stripeEvents);
  fakeStripe.requests.length = 0;
  fakeStripe.refundStatus = "succeeded";
  await app.deliveredChanges();
});

/** A completed payment (Zelle, the Google Business Profile's $250, unless told). */
const addPayment = (userId: string, values: Partial<typeof payments.$inferInsert> = {}) =>
  app.payment(userId, { status: "completed", ...values });

async function paymentRow(id: string) {
  const [row] = await app.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function refundRows(paymentId: string) {
  return app.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId))
    .orderBy(asc(paymentRefunds.createdAt));
}

async function notificationsOf(userId: string) {
  return app.db
    .select({
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      data: notifications.data,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
}

async function emailsTo(email: string) {
  return app.db
    .select({ subject: emailMessages.subject, text: emailMessages.text })
    .from(emailMessages)
    .where(eq(emailMessages.to, email));
}

async function auditRows() {
  return app.db
    .select({
      actorId: auditEvents.actorId,
      action: auditEvents.action,
      customerId: auditEvents.customerId,
      detail: auditEvents.detail,
    })
    .from(auditEvents)
    .where(notLike(auditEvents.action, "account.%"));
}

const refund = (
  actor: SessionUser | null,
  input: { paymentId: string; amount: number; reason: string; userId?: string },
) => refundPayment(app.services, actor, input);

/** The customer page's Payments tab's action as the framework runs it: the admin layout's middleware first. */
const postOnPage = (user: SessionUser | null, pageOf: string, fields: Record<string, string>) =>
  behindAdminGuard(app.services, user, formPost(`/admin/users/${pageOf}?index`, fields), detailAction, {
    userId: pageOf,
  });

/** The tab's action called directly, past the guard: what the use case answers on its own. */
async function postPastGuard(user: SessionUser | null, pageOf: string, fields: Record<string, string>) {
  const request = formPost(`/admin/users/${pageOf}?index`, fields);
  return routeAnswer(
    await detailAction({
      request,
      context: routeContext(app.services, user, request.headers),
      params: { userId: pageOf },
    } as never),
  );
}

async function postWebhook(event: unknown) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const response = await webhookAction(
    await routeArgs(app.services, ENDPOINTS.cardWebhook, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload,
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let eventCounter = 0;
const nextEventId = () => `evt_refunds_${++eventCounter}_${Date.now()}`;

/** Stripe's checkout.session.completed for a card payment of the catalog's price, with its PaymentIntent. */
function checkoutCompleted(userId: string, paymentIntent: string, serviceType = "google_business", paymentNumber = 1) {
  return {
    id: nextEventId(),
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_refunds_${eventCounter}_${Date.now()}`,
        object: "checkout.session",
        mode: "payment",
        payment_status: "paid",
        currency: "usd",
        amount_total: (serviceType === "website" ? 350 : 250) * 100,
        client_reference_id: userId,
        payment_intent: paymentIntent,
        metadata: { userId, serviceType, paymentNumber: String(paymentNumber) },
      },
    },
  };
}

/** Stripe's charge.refunded: the charge of a PaymentIntent with its cumulative amount refunded (cents), and maybe its refunds. */
function chargeRefunded(
  paymentIntent: string,
  amountRefunded: number,
  refunds?: { id: string; amount: number; metadata?: Record<string, string> }[],
) {
  return {
    id: nextEventId(),
    object: "event",
    type: "charge.refunded",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `ch_${paymentIntent}`,
        object: "charge",
        amount: 25_000,
        amount_refunded: amountRefunded,
        currency: "usd",
        payment_intent: paymentIntent,
        refunded: amountRefunded >= 25_000,
        ...(refunds
          ? {
              refunds: {
                object: "list",
                has_more: false,
                url: `/v1/charges/ch_${paymentIntent}/refunds`,
                data: refunds.map((r) => ({ object: "refund", status: "succeeded", metadata: {}, ...r })),
              },
            }
          : {}),
      },
    },
  };
}

/** A card payment of customer A's Google Business Profile, as the checkout webhook records it. */
async function cardPayment(userId = customerA.id): Promise<{ id: string; intent: string }> {
  const intent = `pi_test_${randomUUID().replaceAll("-", "")}`;
  expect((await postWebhook(checkoutCompleted(userId, intent))).body).toMatchObject({ outcome: "completed" });
  const [row] = await app.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.stripePaymentIntentId, intent)));
  expect(row).toBeDefined();
  return { id: row!.id, intent };
}

const refundCalls = () =>
  fakeStripe.requests.filter((request) => request.method === "POST" && request.path === "/v1/refunds");

describe("who may refund", () => {
  it("only an admin: staff (even A's) 403, customers 403, anonymous 401, through the use case and the page; nothing is written", async () => {
    const paymentId = await addPayment(customerA.id);
    const input = { paymentId, amount: 50, reason: "Goodwill" };
    for (const actor of [staffA.user, customerA.user, customerB.user])
      expect((await refusal(refund(actor, input))).status).toBe(403);
    expect((await refusal(refund(null, input))).status).toBe(401);

    const fields = { intent: "refund-payment", paymentId, amount: "50", reason: "Goodwill" };
    // The admin layout's middleware sends customers and anonymous visitors to the sign-in page.
    expect(await postOnPage(null, customerA.id, fields)).toHaveProperty("guardedBy");
    expect(await postOnPage(customerA.user, customerA.id, fields)).toHaveProperty("guardedBy");
    // Staff reach the page (A's staff member) but not the refund: the use case refuses them, as payment decisions.
    expect(await postOnPage(staffA.user, customerA.id, fields)).toEqual({
      status: 403,
      body: { ok: false, error: "You don't have permission to do that" },
    });
    expect(await postPastGuard(customerA.user, customerA.id, fields)).toMatchObject({ status: 403 });
    expect(await postPastGuard(null, customerA.id, fields)).toMatchObject({ status: 401 });

    expect(await refundRows(paymentId)).toEqual([]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "completed", refundedAmount: 0 });
    expect(await auditRows()).toEqual([]);
    expect(await notificationsOf(customerA.id)).toEqual([]);
  });

  it("a payment of customer B is not reachable through customer A's page (404), and B's payment is untouched", async () => {
    const bPayment = await addPayment(customerB.id);
    const fields = { intent: "refund-payment", paymentId: bPayment, amount: "50", reason: "Wrong page" };
    expect(await postOnPage(admin.user, customerA.id, fields)).toEqual({
      status: 404,
      body: { ok: false, error: "Payment not found" },
    });
    expect(
      (await refusal(refund(admin.user, { paymentId: bPayment, amount: 50, reason: "x", userId: customerA.id }))).code,
    ).toBe("payment_not_found");
    expect(await refundRows(bPayment)).toEqual([]);
    expect((await paymentRow(bPayment)).refundedAmount).toBe(0);
    // An unknown payment answers the same.
    expect(await postOnPage(admin.user, customerA.id, { ...fields, paymentId: randomUUID() })).toMatchObject({
      status: 404,
    });
    // On B's own page it goes through.
    expect(await postOnPage(admin.user, customerB.id, fields)).toEqual({
      status: 200,
      body: { ok: true, title: "Refund recorded", message: "The customer has been notified." },
    });
  });
});

describe("how much", () => {
  it("refuses more than is left (409), and after a partial refund what is left is the rest", async () => {
    const paymentId = await addPayment(customerA.id);
    const over = await refusal(refund(admin.user, { paymentId, amount: 250.01, reason: "Too much" }));
    expect([over.code, over.status, over.message]).toEqual([
      "refund_exceeds_remaining",
      409,
      "The refund is more than what is left to refund on this payment",
    ]);
    await refund(admin.user, { paymentId, amount: 100, reason: "Part of the work was not done" });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "completed", refundedAmount: 100 });
    expect((await refusal(refund(admin.user, { paymentId, amount: 150.01, reason: "Too much" }))).code).toBe(
      "refund_exceeds_remaining",
    );
    await refund(admin.user, { paymentId, amount: 150, reason: "The rest" });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "refunded", refundedAmount: 250 });
    // Nothing is left: refused as not refundable.
    const none = await refusal(refund(admin.user, { paymentId, amount: 0.01, reason: "More" }));
    expect([none.code, none.status]).toEqual(["payment_not_refundable", 409]);
    expect((await refundRows(paymentId)).map((row) => [row.amount, row.status])).toEqual([
      [100, "completed"],
      [150, "completed"],
    ]);
  });

  it("refuses a payment that is not completed, and an amount or reason that is not one", async () => {
    const pendingId = await addPayment(customerA.id, { status: "pending" });
    const rejectedId = await addPayment(customerA.id, { status: "rejected", serviceType: "website", amount: 350 });
    for (const paymentId of [pendingId, rejectedId]) {
      expect((await refusal(refund(admin.user, { paymentId, amount: 10, reason: "x" }))).code).toBe(
        "payment_not_refundable",
      );
    }
    const paymentId = await addPayment(customerA.id, { serviceType: "website", paymentNumber: 2, amount: 350 });
    for (const [input, message] of [
      [{ amount: 0, reason: "Why" }, "The refund must be more than $0"],
      [{ amount: 10.005, reason: "Why" }, "Use at most two decimals (cents)"],
      [{ amount: 10, reason: "   " }, "Please write the reason for the refund"],
      [{ amount: 10, reason: "x".repeat(501) }, "The reason can be at most 500 characters"],
    ] as const) {
      const error = await refusal(refund(admin.user, { paymentId, ...input }));
      expect([error.status, error.message]).toEqual([400, message]);
    }
    // The page's form answers a bad amount as any form: 400 with its message.
    expect(
      await postOnPage(admin.user, customerA.id, { intent: "refund-payment", paymentId, amount: "abc", reason: "Why" }),
    ).toMatchObject({ status: 400 });
    expect(await refundRows(paymentId)).toEqual([]);
  });

  it("two admins refunding at once cannot give back more than was paid", async () => {
    const paymentId = await addPayment(customerA.id);
    const second = await app.admin();
    const settled = await Promise.allSettled([
      refund(admin.user, { paymentId, amount: 200, reason: "First" }),
      refund(second.user, { paymentId, amount: 200, reason: "Second" }),
    ]);
    expect(settled.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await paymentRow(paymentId)).toMatchObject({ refundedAmount: 200, status: "completed" });
  });
});

describe("a Zelle refund", () => {
  it("in full: recorded completed at once, the payment refunded, the Google form locked again, and the customer may pay again", async () => {
    const paymentId = await addPayment(customerA.id);
    await expect(payingCustomer(app.db, customerA.user, "google_business")).resolves.toBe(customerA.id);
    const before = await getDashboardFigures(app.services, admin.user);

    const outcome = await refund(admin.user, {
      paymentId,
      amount: 250,
      reason: "  The customer cancelled  ",
      userId: customerA.id,
    });
    expect(outcome.status).toBe("completed");
    expect(await paymentRow(paymentId)).toMatchObject({ status: "refunded", refundedAmount: 250 });
    const [row] = await refundRows(paymentId);
    expect(row).toMatchObject({
      amount: 250,
      reason: "The customer cancelled",
      status: "completed",
      refundedBy: admin.id,
      userId: customerA.id,
    });
    expect(row!.completedAt).toBeInstanceOf(Date);
    expect(await auditRows()).toEqual([
      {
        actorId: admin.id,
        action: "payment.refund",
        customerId: customerA.id,
        detail: {
          paymentId,
          refundId: row!.id,
          amount: 250,
          reason: "The customer cancelled",
          method: "zelle",
          serviceType: "google_business",
          paymentNumber: 1,
        },
      },
    ]);
    expect(await notificationsOf(customerA.id)).toEqual([
      {
        type: "payment",
        title: "Payment Refunded",
        message:
          "$250 of your payment for Google Business Profile Setup has been refunded. The payment is now refunded in full. Reason: The customer cancelled",
        data: {
          kind: "refund",
          service: "google_business",
          paymentNumber: 1,
          amount: 250,
          full: true,
          reason: "The customer cancelled",
        },
      },
    ]);
    const [email] = await emailsTo(customerA.email);
    expect(email?.subject).toBe("Payment Refunded");
    expect(email?.text).toContain("The page this payment unlocked is locked again");
    const changes = await app.deliveredChanges();
    expect(changes).toContainEqual({ table: "payments", userId: customerA.id });
    expect(changes).toContainEqual({ table: "notifications", userId: customerA.id });

    // The information use case refuses to save; the page's gate asks for the payment again.
    await expectHttpError(payingCustomer(app.db, customerA.user, "google_business"), 403);
    const page = (await googleBusinessLoader({
      request: new Request(`${SITE_URL}/dashboard/google-business`),
      context: routeContext(app.services, customerA.user),
      params: {},
    } as never)) as {
      payment: { status: string } | null;
      info: unknown;
    };
    expect(page.payment?.status).toBe("refunded");
    expect(gateState(page.payment)).toBe("refunded");
    expect(page.info).toBeNull();
    // This month's revenue is net of the refund.
    expect(before.revenueThisMonth).toBe(250);
    expect((await getDashboardFigures(app.services, admin.user)).revenueThisMonth).toBe(0);
    // Paying again is allowed: by the rules, and by the database (the live index leaves refunded rows out).
    await expect(
      refuseIfNotPayable(app.db, customerA.id, { serviceType: "google_business", paymentNumber: 1 }),
    ).resolves.toBeUndefined();
    const again = await postWebhook(checkoutCompleted(customerA.id, `pi_test_again_${Date.now()}`));
    expect(again.body).toMatchObject({ outcome: "completed" });
    expect(
      (await app.db.select().from(payments).where(eq(payments.userId, customerA.id))).map((p) => p.status).sort(),
    ).toEqual(["completed", "refunded"]);
    await expect(payingCustomer(app.db, customerA.user, "google_business")).resolves.toBe(customerA.id);
    expect((await getDashboardFigures(app.services, admin.user)).revenueThisMonth).toBe(250);
  });

  it("in part: the payment stays completed and keeps unlocking; the customer and the admin see what was refunded", async () => {
    const paymentId = await addPayment(customerA.id);
    await refund(admin.user, { paymentId, amount: 100, reason: "Discount agreed" });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "completed", refundedAmount: 100 });
    await expect(payingCustomer(app.db, customerA.user, "google_business")).resolves.toBe(customerA.id);
    expect((await listOwnPayments(app.services, customerA.user))[0]).toMatchObject({
      id: paymentId,
      status: "completed",
      refundedAmount: 100,
    });
    const [notice] = await notificationsOf(customerA.id);
    expect(notice?.message).toBe(
      "$100 of your payment for Google Business Profile Setup has been refunded. Reason: Discount agreed",
    );
    expect((await emailsTo(customerA.email))[0]?.text).not.toContain("locked again");

    // The admin's Payments tab lists each payment's refunds, with who made them, in one query for all.
    const other = await addPayment(customerA.id, { serviceType: "website", amount: 350 });
    await refund(admin.user, { paymentId: other, amount: 35, reason: "Late delivery" });
    const spy = vi.spyOn(app.database.pool, "query");
    let listed;
    try {
      listed = await listPaymentsForReview(app.services, admin.user, { userId: customerA.id });
      expect(spy.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      spy.mockRestore();
    }
    const [adminName] = await app.db
      .select({ name: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.id, admin.id));
    expect(
      Object.fromEntries(
        listed.map((payment) => [payment.id, payment.refunds.map((r) => [r.amount, r.reason, r.status, r.refundedBy])]),
      ),
    ).toEqual({
      [paymentId]: [[100, "Discount agreed", "completed", adminName!.name]],
      [other]: [[35, "Late delivery", "completed", adminName!.name]],
    });
  });

  it("tells a Spanish customer in Spanish, in the notification and the e-mail", async () => {
    const paymentId = await addPayment(spanish.id);
    await refund(admin.user, { paymentId, amount: 125, reason: "Pago duplicado" });
    const [notice] = await notificationsOf(spanish.id);
    expect(notice?.title).toBe("Pago reembolsado");
    expect(notice?.message).toContain("Configuración del Perfil de Google Business");
    expect(notice?.message).toContain("Motivo: Pago duplicado");
    const [email] = await emailsTo(spanish.email);
    expect(email?.subject).toBe("Pago reembolsado");
    expect(email?.text).toContain("Configuración del Perfil de Google Business");
  });
});

describe("a card refund", () => {
  it("calls Stripe's refund API; the charge.refunded webhook, delivered twice, completes it once", async () => {
    const { id: paymentId, intent } = await cardPayment();
    await app.deliveredChanges();
    const outcome = await refund(admin.user, { paymentId, amount: 100, reason: "Partial refund" });
    expect(outcome.status).toBe("pending");
    const [call] = refundCalls();
    expect(call?.form).toMatchObject({
      payment_intent: intent,
      amount: "10000",
      "metadata[paymentId]": paymentId,
      "metadata[refundId]": outcome.refundId,
    });
    expect(call?.idempotencyKey).toBe(outcome.refundId);
    const [pending] = await refundRows(paymentId);
    expect(pending).toMatchObject({ id: outcome.refundId, status: "pending", amount: 100, completedAt: null });
    expect(pending!.stripeRefundId).toMatch(/^re_test_/);
    // Nothing changes on the payment until Stripe confirms; the admin's page hears of the pending refund.
    expect(await paymentRow(paymentId)).toMatchObject({ status: "completed", refundedAmount: 0 });
    expect(await notificationsOf(customerA.id)).toEqual([]);
    expect(await app.deliveredChanges()).toEqual([{ table: "payments", userId: customerA.id }]);
    // The pending refund is promised already: only $150 is left.
    expect((await refusal(refund(admin.user, { paymentId, amount: 150.01, reason: "Too much" }))).code).toBe(
      "refund_exceeds_remaining",
    );
    expect(await auditRows()).toEqual([
      {
        actorId: admin.id,
        action: "payment.refund",
        customerId: customerA.id,
        detail: {
          paymentId,
          refundId: outcome.refundId,
          amount: 100,
          reason: "Partial refund",
          method: "card",
          serviceType: "google_business",
          paymentNumber: 1,
        },
      },
    ]);

    const event = chargeRefunded(intent, 10_000);
    expect(await postWebhook(event)).toEqual({ status: 200, body: { received: true, outcome: "refunded" } });
    expect(await postWebhook(event)).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
    expect(await refundRows(paymentId)).toMatchObject([{ id: outcome.refundId, status: "completed", amount: 100 }]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "completed", refundedAmount: 100 });
    expect(await notificationsOf(customerA.id)).toHaveLength(1);
    expect(await emailsTo(customerA.email)).toHaveLength(1);
    const changes = await app.deliveredChanges();
    expect(changes).toContainEqual({ table: "payments", userId: customerA.id });
    expect(changes).toContainEqual({ table: "notifications", userId: customerA.id });

    // The rest, confirmed: the payment is refunded in full.
    const rest = await refund(admin.user, { paymentId, amount: 150, reason: "The rest" });
    expect(await postWebhook(chargeRefunded(intent, 25_000))).toMatchObject({ body: { outcome: "refunded" } });
    expect(await refundRows(paymentId)).toMatchObject([
      { status: "completed", amount: 100 },
      { id: rest.refundId, status: "completed", amount: 150 },
    ]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "refunded", refundedAmount: 250 });
    // A later event that tells nothing new changes nothing.
    expect(await postWebhook(chargeRefunded(intent, 25_000))).toMatchObject({
      body: { outcome: "refund-already-recorded" },
    });
    expect(await notificationsOf(customerA.id)).toHaveLength(2);
  });

  it("records a refund made only in Stripe's dashboard, so none goes unrecorded", async () => {
    const { id: paymentId, intent } = await cardPayment();
    expect(await postWebhook(chargeRefunded(intent, 5_000))).toMatchObject({ body: { outcome: "refunded" } });
    expect(await refundRows(paymentId)).toMatchObject([
      { amount: 50, status: "completed", reason: "Refunded in Stripe", refundedBy: null },
    ]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "completed", refundedAmount: 50 });
    expect(await auditRows()).toContainEqual(
      expect.objectContaining({
        actorId: null,
        action: "payment.refund",
        detail: expect.objectContaining({ amount: 50, source: "stripe", method: "card" }),
      }),
    );
    expect((await notificationsOf(customerA.id))[0]?.message).toBe(
      "$50 of your payment for Google Business Profile Setup has been refunded. Reason: Refunded in Stripe",
    );

    // An event that names its refunds completes the portal's by id, and records the dashboard's beside it.
    const portal = await refund(admin.user, { paymentId, amount: 30, reason: "Ours" });
    const [, ours] = await refundRows(paymentId);
    expect(
      await postWebhook(
        chargeRefunded(intent, 5_000 + 3_000 + 2_000, [
          { id: "re_dashboard_two", amount: 2_000 },
          { id: ours!.stripeRefundId!, amount: 3_000, metadata: { refundId: portal.refundId } },
        ]),
      ),
    ).toMatchObject({ body: { outcome: "refunded" } });
    expect(
      (await refundRows(paymentId)).map((row) => [row.amount, row.status, row.reason, row.stripeRefundId]),
    ).toEqual([
      [50, "completed", "Refunded in Stripe", null],
      [30, "completed", "Ours", ours!.stripeRefundId],
      [20, "completed", "Refunded in Stripe", "re_dashboard_two"],
    ]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "completed", refundedAmount: 100 });
  });

  it("a payment recorded before its PaymentIntent was kept: read from its Checkout Session, and stored", async () => {
    const sessionId = `cs_test_legacy_${Date.now()}`;
    const paymentId = await addPayment(customerA.id, { paymentMethod: "card", stripeSessionId: sessionId });
    fakeStripe.sessions.set(sessionId, { id: sessionId, object: "checkout.session", payment_intent: "pi_test_legacy" });
    await refund(admin.user, { paymentId, amount: 25, reason: "Legacy" });
    expect(fakeStripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v1/checkout/sessions/${sessionId}`,
      "POST /v1/refunds",
    ]);
    expect(refundCalls()[0]?.form.payment_intent).toBe("pi_test_legacy");
    expect((await paymentRow(paymentId)).stripePaymentIntentId).toBe("pi_test_legacy");

    // A dashboard refund of another such payment is found through the session list.
    const otherSession = `cs_test_legacy_other_${Date.now()}`;
    const other = await addPayment(customerB.id, { paymentMethod: "card", stripeSessionId: otherSession });
    fakeStripe.sessions.set(otherSession, {
      id: otherSession,
      object: "checkout.session",
      payment_intent: "pi_test_legacy_other",
    });
    expect(await postWebhook(chargeRefunded("pi_test_legacy_other", 25_000))).toMatchObject({
      body: { outcome: "refunded" },
    });
    expect(await paymentRow(other)).toMatchObject({
      status: "refunded",
      refundedAmount: 250,
      stripePaymentIntentId: "pi_test_legacy_other",
    });
    // A charge the portal does not know is acknowledged and ignored.
    expect(await postWebhook(chargeRefunded("pi_test_unknown", 1_000))).toMatchObject({
      status: 200,
      body: { outcome: "ignored" },
    });
  });

  it("Stripe refusing marks the refund failed and changes nothing else", async () => {
    const { id: paymentId } = await cardPayment();
    fakeStripe.failNextRefund(400, "Charge ch_x has already been refunded.");
    const error = await refusal(refund(admin.user, { paymentId, amount: 100, reason: "Try" }));
    expect([error.code, error.status]).toEqual(["card_refund_failed", 502]);
    expect(await refundRows(paymentId)).toMatchObject([{ status: "failed", amount: 100, stripeRefundId: null }]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "completed", refundedAmount: 0 });
    expect(await notificationsOf(customerA.id)).toEqual([]);
    // The page says so; a failed refund promises nothing, so the whole amount can still be refunded.
    fakeStripe.failNextRefund(402, "Insufficient balance");
    expect(
      await postOnPage(admin.user, customerA.id, {
        intent: "refund-payment",
        paymentId,
        amount: "250",
        reason: "Again",
      }),
    ).toEqual({
      status: 502,
      body: {
        ok: false,
        error: "Stripe did not accept the refund. Nothing was refunded; please try again or refund it in Stripe.",
      },
    });
    expect(
      await postOnPage(admin.user, customerA.id, {
        intent: "refund-payment",
        paymentId,
        amount: "250",
        reason: "Again",
      }),
    ).toMatchObject({
      status: 200,
      body: { ok: true, title: "Refund requested" },
    });
  });
});
