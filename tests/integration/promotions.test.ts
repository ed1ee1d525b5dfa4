import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  attemptCounters,
  auditEvents,
  notifications,
  payments,
  promotionCodes,
  promotionReservations,
  stripeEvents,
} from "~db/schema";
import { createCardCheckout } from "~/features/payments/card/create-card-checkout.server";
import { decidePayment } from "~/features/payments/review/decide-payment.server";
import { resubmitZelleProof } from "~/features/payments/zelle/resubmit-zelle-proof.server";
import { createPromotionCode } from "~/features/promotions/create-promotion-code.server";
import { deactivatePromotionCode } from "~/features/promotions/deactivate-promotion-code.server";
import { listPromotionCodes } from "~/features/promotions/list-promotion-codes.server";
import { promotionToday } from "~/features/promotions/promotion-pricing";
import { CODE_TRIAL_LIMIT, codeTrialKey } from "~/features/promotions/promotion-code-trials.server";
import type { SessionUser } from "~/lib/auth/session";
import { ENDPOINTS } from "~/lib/http/endpoints";
import { action as settingsAction } from "~/routes/admin/settings";
import { action as checkoutAction } from "~/routes/resources/card-checkout";
import { action as webhookAction } from "~/routes/resources/card-webhook";
import { action as freePaymentAction } from "~/routes/resources/free-payment";
import { action as proofAction } from "~/routes/resources/payment-proof";
import { action as quoteAction } from "~/routes/resources/payment-quote";
import { fakeStripeSettings, startFakeStripe, type FakeStripe } from "../fakes/stripe-server";
import { refusal, routeAnswer, routeArgs, routeContext, SITE_URL, type SignedIn } from "./support";
import { testApp } from "./test-app";

// Promotion codes: made and deactivated by admins in Settings, applied by customers in the payment dialog, and every
// amount computed on the server (the quote, the Zelle proof's payment, the Checkout session and the webhook's check).

const WEBHOOK_SECRET = "whsec_promotions_test_secret";
const INVALID = { code: "promotion_code_invalid", message: "Invalid or expired code" };
/** A real 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

// The services are made with the fake Stripe's address, so it listens before the app is opened (and closes after).
const fakeStripe: FakeStripe = await startFakeStripe();
afterAll(() => fakeStripe.close());
const app = testApp({
  settings: fakeStripeSettings(fakeStripe, { secretKey: "sk_test_integration", webhookSecret: WEBHOOK_SECRET }),
});
let admin: SignedIn;
let staff: SignedIn;
let customerA: SignedIn;
const signer = new Stripe("sk_test_signer_only");

beforeAll(async () => {
  admin = await app.admin();
  customerA = await app.customer({ name: "Ana Ruiz", companyName: "Ruiz Roofing" });
  staff = await app.staff([customerA.id]);
});

let codeCounter = 0;
/** A code name of its own for each test (codes are unique without regard to case). */
function codeName(stem = "SPRING"): string {
  codeCounter += 1;
  return `${stem}${codeCounter}-${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
}

/** A code made by the admin through the use case; its id. */
async function makeCode(fields: Record<string, unknown> = {}): Promise<{ id: string; code: string }> {
  const code = (fields.code as string | undefined) ?? codeName();
  const { id } = await createPromotionCode(app.services, admin.user, {
    intent: "create-promotion-code",
    code,
    kind: "percent",
    percentOff: 20,
    serviceTypes: ["google_business", "website"],
    ...fields,
  } as never);
  return { id, code };
}

/** The settings page's action, as the page's forms post it (the page's middleware is the matrix's to test). */
async function postSettings(user: SignedIn | null, fields: [string, string][]) {
  return routeAnswer(
    await settingsAction(
      await routeArgs(app.services, "/admin/settings", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...(user ? { cookie: user.cookie } : {}) },
        body: new URLSearchParams(fields),
      }),
    ),
  );
}

async function quote(user: SignedIn | null, fields: Record<string, string>) {
  const response = await quoteAction(
    await routeArgs(app.services, ENDPOINTS.paymentQuote, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(user ? { cookie: user.cookie } : {}) },
      body: new URLSearchParams({ serviceType: "google_business", paymentNumber: "1", ...fields }),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function redeem(user: SignedIn | null, fields: Record<string, string>) {
  return routeAnswer(
    await freePaymentAction(
      await routeArgs(app.services, ENDPOINTS.freePayment, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...(user ? { cookie: user.cookie } : {}) },
        body: new URLSearchParams({ serviceType: "google_business", paymentNumber: "1", ...fields }),
      }),
    ),
  );
}

async function sendProof(user: SessionUser, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("serviceType", "google_business");
  form.set("paymentNumber", "1");
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set("proof", new File([PNG], "proof.png", { type: "image/png" }));
  const request = new Request(`${SITE_URL}${ENDPOINTS.paymentProof}`, { method: "POST", body: form });
  return routeAnswer(await proofAction({ request, context: routeContext(app.services, user), params: {} } as never));
}

async function checkout(user: SignedIn, body: Record<string, unknown>) {
  const response = await checkoutAction(
    await routeArgs(app.services, ENDPOINTS.cardCheckout, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: user.cookie },
      body: JSON.stringify({ serviceType: "google_business", paymentNumber: 1, ...body }),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let eventCounter = 0;
function completedEvent(metadata: Record<string, string>, amountTotal: number) {
  eventCounter += 1;
  const stamp = `${eventCounter}_${Date.now()}`;
  return {
    id: `evt_promo_${stamp}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_promo_${stamp}`,
        object: "checkout.session",
        mode: "payment",
        payment_status: "paid",
        currency: "usd",
        amount_total: amountTotal,
        client_reference_id: metadata.userId,
        metadata,
      },
    },
  };
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

async function rowsOf(userId: string) {
  return app.db.select().from(payments).where(eq(payments.userId, userId));
}

async function usesOf(id: string): Promise<number> {
  const codes = await listPromotionCodes(app.services, admin.user);
  return codes.find((code) => code.id === id)!.uses;
}

/** How many refused codes the customer has to their name in the current window. */
async function trialsOf(userId: string): Promise<number> {
  const [counter] = await app.db
    .select()
    .from(attemptCounters)
    .where(eq(attemptCounters.key, codeTrialKey(userId)));
  return counter?.count ?? 0;
}

/** The day before `day` (YYYY-MM-DD). */
function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

describe("the Promotions tab (admins only)", () => {
  it("lets an admin create, list and deactivate codes, each audited", async () => {
    const code = codeName("Spring");
    const lastDay = "2099-12-31";
    const created = await postSettings(admin, [
      ["intent", "create-promotion-code"],
      ["code", code],
      ["kind", "percent"],
      ["percentOff", "20"],
      ["serviceTypes", "google_business"],
      ["expiresOn", lastDay],
      ["maxUses", "5"],
    ]);
    expect(created).toMatchObject({ status: 200, body: { ok: true, title: "Promotion code created" } });
    const fixed = codeName("FIFTY");
    expect(
      (
        await postSettings(admin, [
          ["intent", "create-promotion-code"],
          ["code", fixed],
          ["kind", "amount"],
          ["amountOff", "50"],
          ["percentOff", "10"],
          ["serviceTypes", "google_business"],
          ["serviceTypes", "website"],
        ])
      ).status,
    ).toBe(200);

    const listed = await listPromotionCodes(app.services, admin.user);
    const spring = listed.find((row) => row.code === code)!;
    expect(spring).toMatchObject({
      code,
      kind: "percent",
      percentOff: 20,
      amountOff: null,
      serviceTypes: ["google_business"],
      expiresOn: lastDay,
      maxUses: 5,
      uses: 0,
      deactivated: false,
      expired: false,
    });
    // Only the kind's value is kept.
    expect(listed.find((row) => row.code === fixed)).toMatchObject({
      kind: "amount",
      amountOff: 50,
      percentOff: null,
      serviceTypes: ["google_business", "website"],
      maxUses: null,
      expiresOn: null,
    });

    const deactivated = await postSettings(admin, [
      ["intent", "deactivate-promotion-code"],
      ["promotionCodeId", spring.id],
    ]);
    expect(deactivated).toMatchObject({ status: 200, body: { ok: true, title: "Promotion code deactivated" } });
    const after = (await listPromotionCodes(app.services, admin.user)).find((row) => row.id === spring.id)!;
    expect(after.deactivated).toBe(true);
    // Again: nothing changes, nothing more is audited.
    expect(
      (
        await postSettings(admin, [
          ["intent", "deactivate-promotion-code"],
          ["promotionCodeId", spring.id],
        ])
      ).status,
    ).toBe(200);
    expect(
      (
        await postSettings(admin, [
          ["intent", "deactivate-promotion-code"],
          ["promotionCodeId", "00000000-0000-4000-8000-000000000000"],
        ])
      ).status,
    ).toBe(404);

    const audit = await app.db.select().from(auditEvents).where(eq(auditEvents.actorId, admin.id));
    expect(audit.filter((event) => event.action === "promotion.create" && event.detail.code === code)).toHaveLength(1);
    expect(
      audit.filter((event) => event.action === "promotion.deactivate" && event.detail.promotionCodeId === spring.id),
    ).toHaveLength(1);
  });

  it("refuses staff and customers (403) and visitors (401), and writes nothing", async () => {
    const { id } = await makeCode();
    const create = (code: string): [string, string][] => [
      ["intent", "create-promotion-code"],
      ["code", code],
      ["kind", "percent"],
      ["percentOff", "10"],
      ["serviceTypes", "website"],
    ];
    for (const [user, status] of [
      [staff, 403],
      [customerA, 403],
      [null, 401],
    ] as const) {
      const code = codeName("NOPE");
      expect((await postSettings(user, create(code))).status).toBe(status);
      expect(
        (
          await postSettings(user, [
            ["intent", "deactivate-promotion-code"],
            ["promotionCodeId", id],
          ])
        ).status,
      ).toBe(status);
      expect(await app.db.select().from(promotionCodes).where(eq(promotionCodes.code, code))).toEqual([]);
      expect((await refusal(listPromotionCodes(app.services, user?.user ?? null))).status).toBe(status);
      expect(
        (await refusal(deactivatePromotionCode(app.services, user?.user ?? null, { promotionCodeId: id }))).status,
      ).toBe(status);
    }
    expect((await listPromotionCodes(app.services, admin.user)).find((row) => row.id === id)!.deactivated).toBe(false);
  });

  it("refuses a duplicate code whatever its case, beside the Code field, and checks the form", async () => {
    const { code } = await makeCode({ code: codeName("Summer") });
    const fields = (overrides: Record<string, string | string[]>): [string, string][] =>
      Object.entries({
        intent: "create-promotion-code",
        code: codeName("OK"),
        kind: "percent",
        percentOff: "10",
        serviceTypes: "website",
        ...overrides,
      }).flatMap(([name, value]) =>
        Array.isArray(value) ? value.map((one): [string, string] => [name, one]) : [[name, value] as [string, string]],
      );
    expect(await postSettings(admin, fields({ code: code.toLowerCase() }))).toEqual({
      status: 409,
      body: {
        ok: false,
        error: "A code with this name already exists (codes are matched without regard to case)",
        field: "code",
      },
    });
    const problem = async (overrides: Record<string, string | string[]>) => {
      const answer = await postSettings(admin, fields(overrides));
      expect(answer.status).toBe(400);
      return (answer.body as { error: string }).error;
    };
    expect(await problem({ code: "" })).toBe("Please enter a code");
    expect(await problem({ code: "SPRING 20" })).toBe("Use letters, digits and dashes only");
    expect(await problem({ serviceTypes: [] })).toBe("Choose at least one service");
    expect(await problem({ percentOff: "0" })).toBe("Percent off must be a whole number from 1 to 100");
    expect(await problem({ percentOff: "101" })).toBe("Percent off must be a whole number from 1 to 100");
    expect(await problem({ kind: "amount", percentOff: "", amountOff: "12.345" })).toBe(
      "Amount off must be more than $0, in dollars and cents",
    );
    expect(await problem({ kind: "amount", percentOff: "" })).toBe(
      "Amount off must be more than $0, in dollars and cents",
    );
    expect(await problem({ maxUses: "0" })).toBe("Maximum uses must be a whole number of at least 1");
    expect(await problem({ expiresOn: dayBefore(promotionToday(new Date())) })).toBe(
      "The last day cannot be in the past",
    );
    // The database's case-blind index is the last word.
    await expect(
      app.db
        .insert(promotionCodes)
        .values({ code: code.toUpperCase(), kind: "percent", percentOff: 5, serviceTypes: ["website"] }),
    ).rejects.toThrow();
  });
});

describe("applying a code (the payment dialog's quote)", () => {
  it("quotes 250 -> 200 for a 20% code, as stored whatever the case typed; a fixed amount never more than the price", async () => {
    const customer = await app.customer();
    const { code } = await makeCode({ code: codeName("Spring") });
    expect(await quote(customer, { promotionCode: ` ${code.toLowerCase()} ` })).toEqual({
      status: 200,
      body: { ok: true, quote: { listPrice: 250, discount: 50, amount: 200, promotionCode: code } },
    });
    const fixed = await makeCode({ kind: "amount", percentOff: undefined, amountOff: 400 });
    expect(
      (await quote(customer, { serviceType: "website", paymentNumber: "1", promotionCode: fixed.code })).body,
    ).toEqual({
      ok: true,
      quote: { listPrice: 350, discount: 350, amount: 0, promotionCode: fixed.code },
    });
    // Quoting records nothing.
    expect(await rowsOf(customer.id)).toEqual([]);
  });

  it("answers every unusable code with the same 'Invalid or expired code'", async () => {
    const customer = await app.customer();
    const today = promotionToday(new Date());
    const [expired] = await app.db
      .insert(promotionCodes)
      .values({
        code: codeName("OLD"),
        kind: "percent",
        percentOff: 10,
        serviceTypes: ["google_business"],
        expiresOn: dayBefore(today),
      })
      .returning();
    const [lastDayToday] = await app.db
      .insert(promotionCodes)
      .values({
        code: codeName("TODAY"),
        kind: "percent",
        percentOff: 10,
        serviceTypes: ["google_business"],
        expiresOn: today,
      })
      .returning();
    const deactivated = await makeCode();
    await deactivatePromotionCode(app.services, admin.user, { promotionCodeId: deactivated.id });
    const websiteOnly = await makeCode({ serviceTypes: ["website"] });
    for (const promotionCode of [
      expired!.code,
      deactivated.code,
      websiteOnly.code,
      "NO-SUCH-CODE",
      "not a code!",
      "x".repeat(90),
    ]) {
      expect(await quote(customer, { promotionCode }), promotionCode).toEqual({
        status: 400,
        body: { ok: false, error: INVALID },
      });
    }
    // The last day itself still works.
    expect((await quote(customer, { promotionCode: lastDayToday!.code })).status).toBe(200);
    // In Spanish for a Spanish reader.
    const spanish = await quoteAction(
      await routeArgs(app.services, ENDPOINTS.paymentQuote, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          cookie: customer.cookie,
          "accept-language": "es",
        },
        body: new URLSearchParams({
          serviceType: "google_business",
          paymentNumber: "1",
          promotionCode: "NO-SUCH-CODE",
        }),
      }),
    );
    expect(await spanish.json()).toEqual({
      ok: false,
      error: { code: "promotion_code_invalid", message: "Código inválido o vencido" },
    });
  });

  it("refuses a code deactivated in the Promotions tab exactly as an unknown one, in English and Spanish, with no price in the answer", async () => {
    const customer = await app.customer();
    const { id, code } = await makeCode({ percentOff: 15 });
    // Before: the code takes 15% off.
    expect((await quote(customer, { promotionCode: code })).body).toEqual({
      ok: true,
      quote: { listPrice: 250, discount: 37.5, amount: 212.5, promotionCode: code },
    });

    // Deactivated as the tab's 'Deactivate' posts it.
    expect(
      await postSettings(admin, [
        ["intent", "deactivate-promotion-code"],
        ["promotionCodeId", id],
      ]),
    ).toMatchObject({ status: 200, body: { ok: true } });

    // The same answer as a code that never existed, whatever the case typed: no quote, so the dialog keeps its amount.
    const unknown = await quote(customer, { promotionCode: "NO-SUCH-CODE" });
    expect(unknown).toEqual({ status: 400, body: { ok: false, error: INVALID } });
    expect(await quote(customer, { promotionCode: code })).toEqual(unknown);
    expect(await quote(customer, { promotionCode: code.toLowerCase() })).toEqual(unknown);

    // In Spanish too.
    const inSpanish = async (promotionCode: string) => {
      const response = await quoteAction(
        await routeArgs(app.services, ENDPOINTS.paymentQuote, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            cookie: customer.cookie,
            "accept-language": "es",
          },
          body: new URLSearchParams({ serviceType: "google_business", paymentNumber: "1", promotionCode }),
        }),
      );
      return { status: response.status, body: await response.json() };
    };
    const unknownInSpanish = await inSpanish("NO-SUCH-CODE");
    expect(unknownInSpanish).toEqual({
      status: 400,
      body: { ok: false, error: { code: "promotion_code_invalid", message: "Código inválido o vencido" } },
    });
    expect(await inSpanish(code)).toEqual(unknownInSpanish);

    // Nothing was recorded, and each refusal counted as a guess, as an unknown code's does.
    expect(await rowsOf(customer.id)).toEqual([]);
    expect(await trialsOf(customer.id)).toBe(5);
  });

  it("is for signed-in customers only: staff and admins 403, visitors 401", async () => {
    const { code } = await makeCode();
    expect((await quote(staff, { promotionCode: code })).status).toBe(403);
    expect((await quote(admin, { promotionCode: code })).status).toBe(403);
    expect((await quote(null, { promotionCode: code })).body).toEqual({
      ok: false,
      error: { code: "not_signed_in", message: "You must be logged in" },
    });
  });

  it("makes a customer who keeps trying refused codes wait: after 10, even a good code is not looked at", async () => {
    const customer = await app.customer();
    expect(CODE_TRIAL_LIMIT).toEqual({ windowMs: 10 * 60 * 1000, max: 10 });
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await quote(customer, { promotionCode: `GUESS${attempt}` })).status).toBe(400);
    }
    const { code } = await makeCode();
    expect(await quote(customer, { promotionCode: code })).toMatchObject({
      status: 429,
      body: { ok: false, error: { code: "promotion_code_rate_limited" } },
    });
    expect(codeTrialKey(customer.id)).toContain(customer.id);
  });
});

describe("a Zelle proof with a code", () => {
  it("is stored at the discounted amount with its discount and code; the admins read the amount to check", async () => {
    const customer = await app.customer({ name: "Zoe Zelle", companyName: "" });
    const { id, code } = await makeCode();
    expect(await sendProof(customer.user, { promotionCode: code.toLowerCase() })).toEqual({
      status: 200,
      body: { ok: true },
    });
    const [row] = await rowsOf(customer.id);
    expect(row).toMatchObject({
      amount: 200,
      discount: 50,
      promotionCodeId: id,
      promotionCode: code,
      status: "pending",
      paymentMethod: "zelle",
    });
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(told.map((notification) => notification.message)).toContain(
      "Zoe Zelle submitted a Zelle payment of $200 for Google Business Profile",
    );
    expect(await usesOf(id)).toBe(1);

    // The same customer cannot use it again, on the other service either.
    expect(await sendProof(customer.user, { serviceType: "website", promotionCode: code })).toEqual({
      status: 400,
      body: { ok: false, error: "Invalid or expired code", field: "promotionCode" },
    });
    expect(await rowsOf(customer.id)).toHaveLength(1);

    // A rejection gives the use back; the new proof of the same transfer keeps its price and takes the use again.
    await decidePayment(app.services, admin.user, { paymentId: row!.id, decision: "reject", notes: "Blurry" });
    expect(await usesOf(id)).toBe(0);
    expect((await quote(customer, { serviceType: "website", promotionCode: code })).status).toBe(200);
    await deactivatePromotionCode(app.services, admin.user, { promotionCodeId: id });
    await resubmitZelleProof(app.services, customer.user, {
      paymentId: row!.id,
      proof: new File([PNG], "again.png", { type: "image/png" }),
    });
    const [again] = await rowsOf(customer.id);
    expect(again).toMatchObject({
      status: "pending",
      amount: 200,
      discount: 50,
      promotionCodeId: id,
      promotionCode: code,
    });
    expect(await usesOf(id)).toBe(1);
  });

  it("refuses a code that covers the whole price (that payment is completed without a transfer) as any unusable code", async () => {
    const customer = await app.customer();
    const free = await makeCode({ percentOff: 100 });
    expect(await sendProof(customer.user, { promotionCode: free.code })).toEqual(
      await sendProof(customer.user, { promotionCode: "NO-SUCH-CODE" }),
    );
    expect(await sendProof(customer.user, { promotionCode: free.code })).toEqual({
      status: 400,
      body: { ok: false, error: "Invalid or expired code", field: "promotionCode" },
    });
    expect(await rowsOf(customer.id)).toEqual([]);
    expect(await trialsOf(customer.id)).toBe(3);
  });

  it("gives the last use to one customer only when several race for it", async () => {
    const racers = await Promise.all(Array.from({ length: 5 }, () => app.customer()));
    const { id, code } = await makeCode({ maxUses: 2 });
    const answers = await Promise.all(racers.map((racer) => sendProof(racer.user, { promotionCode: code })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    for (const answer of answers.filter((one) => one.status !== 200)) {
      expect(answer).toEqual({
        status: 400,
        body: { ok: false, error: "Invalid or expired code", field: "promotionCode" },
      });
    }
    expect(await usesOf(id)).toBe(2);
    expect(await app.db.select().from(payments).where(eq(payments.promotionCodeId, id))).toHaveLength(2);

    // Two customers for the very last use of a free code: one gets it.
    const pair = await Promise.all([app.customer(), app.customer()]);
    const last = await makeCode({ percentOff: 100, maxUses: 1 });
    const redeemed = await Promise.all(pair.map((racer) => redeem(racer, { promotionCode: last.code })));
    expect(redeemed.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await usesOf(last.id)).toBe(1);
    // And once used up, it is refused like any other.
    expect((await quote(await app.customer(), { promotionCode: last.code })).body).toEqual({
      ok: false,
      error: INVALID,
    });
  });
});

describe("a card payment with a code", () => {
  it("starts a Checkout session for the discounted amount, with the code's id in its metadata", async () => {
    const customer = await app.customer();
    const { id, code } = await makeCode();
    fakeStripe.requests.length = 0;
    expect((await checkout(customer, { promotionCode: code.toLowerCase(), amount: 1 })).status).toBe(200);
    expect(fakeStripe.requests[0]!.form).toMatchObject({
      "line_items[0][price_data][unit_amount]": "20000",
      "metadata[promotionCodeId]": id,
      "payment_intent_data[metadata][promotionCodeId]": id,
      "metadata[userId]": customer.id,
    });
    // A checkout is no use: nothing is recorded until the webhook.
    expect(await usesOf(id)).toBe(0);

    // A refused code and a free one never reach Stripe.
    fakeStripe.requests.length = 0;
    expect(await checkout(customer, { promotionCode: "NO-SUCH-CODE" })).toEqual({
      status: 400,
      body: { ok: false, error: INVALID },
    });
    const free = await makeCode({ percentOff: 100 });
    expect(await checkout(customer, { promotionCode: free.code })).toEqual({
      status: 400,
      body: { ok: false, error: INVALID },
    });
    expect((await checkout(customer, { promotionCode: 42 })).status).toBe(400);
    expect(fakeStripe.requests).toEqual([]);
  });

  it("is completed by the webhook at the discounted amount (not the list price), with the discount and code", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const customer = await app.customer();
      const { id, code } = await makeCode();
      const metadata = { userId: customer.id, serviceType: "google_business", paymentNumber: "1", promotionCodeId: id };
      const listPrice = completedEvent(metadata, 25000);
      expect((await postWebhook(listPrice)).body).toEqual({ received: true, outcome: "ignored" });
      const [recorded] = await app.db.select().from(stripeEvents).where(eq(stripeEvents.id, listPrice.id));
      expect(recorded?.outcome).toBe("ignored: amount_total 25000 is not 20000");
      expect(await rowsOf(customer.id)).toEqual([]);

      // Deactivated after the checkout: the customer paid what they were quoted, so it still completes.
      await deactivatePromotionCode(app.services, admin.user, { promotionCodeId: id });
      expect((await postWebhook(completedEvent(metadata, 20000))).body).toEqual({
        received: true,
        outcome: "completed",
      });
      const [row] = await rowsOf(customer.id);
      expect(row).toMatchObject({
        status: "completed",
        paymentMethod: "card",
        amount: 200,
        discount: 50,
        promotionCodeId: id,
        promotionCode: code,
      });
      expect(row!.receiptNumber).toBeGreaterThan(0);
      expect(await usesOf(id)).toBe(1);

      // An unknown code id completes nothing.
      const unknown = completedEvent(
        { ...metadata, serviceType: "website", promotionCodeId: "00000000-0000-4000-8000-000000000000" },
        28000,
      );
      expect((await postWebhook(unknown)).body.outcome).toBe("ignored");
    } finally {
      warn.mockRestore();
    }
  });

  it("records a paid session whose code the customer had used meanwhile, without counting a second use", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const customer = await app.customer();
      const { id, code } = await makeCode();
      // Checkout for the website first, then a Zelle proof for Google Business takes the code's one use.
      expect((await checkout(customer, { serviceType: "website", promotionCode: code })).status).toBe(200);
      expect((await sendProof(customer.user, { promotionCode: code })).status).toBe(200);
      const event = completedEvent(
        { userId: customer.id, serviceType: "website", paymentNumber: "1", promotionCodeId: id },
        28000,
      );
      expect((await postWebhook(event)).body).toEqual({ received: true, outcome: "completed" });
      const [card] = await app.db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, customer.id), eq(payments.paymentMethod, "card")));
      expect(card).toMatchObject({
        amount: 280,
        discount: 70,
        promotionCodeId: null,
        promotionCode: code,
        status: "completed",
      });
      expect(card!.adminNotes).toContain(`promotion code ${code}, which this customer had already used`);
      expect(await usesOf(id)).toBe(1);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("a code that takes the whole price off", () => {
  it("completes the payment with method promotion, amount 0 and a receipt number, audited", async () => {
    const customer = await app.customer();
    const { id, code } = await makeCode({ percentOff: 100 });
    expect((await quote(customer, { promotionCode: code })).body).toEqual({
      ok: true,
      quote: { listPrice: 250, discount: 250, amount: 0, promotionCode: code },
    });
    expect(await redeem(customer, { promotionCode: code })).toMatchObject({
      status: 200,
      body: { ok: true, title: "Payment completed" },
    });
    const [row] = await rowsOf(customer.id);
    expect(row).toMatchObject({
      status: "completed",
      paymentMethod: "promotion",
      amount: 0,
      discount: 250,
      promotionCodeId: id,
      promotionCode: code,
    });
    expect(row!.receiptNumber).toBeGreaterThan(0);
    expect(row!.completedAt).toBeInstanceOf(Date);
    const [event] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "promotion.redeem"), eq(auditEvents.customerId, customer.id)));
    expect(event).toMatchObject({
      actorId: customer.id,
      detail: { paymentId: row!.id, code, serviceType: "google_business" },
    });
    expect(await usesOf(id)).toBe(1);
    // Paid: not again.
    expect((await redeem(customer, { promotionCode: code })).status).toBe(409);
  });

  it("refuses a code that leaves something to pay exactly as an unknown code, and the team", async () => {
    const customer = await app.customer();
    const { code } = await makeCode();
    const unknown = await redeem(customer, { promotionCode: "NO-SUCH-CODE" });
    expect(unknown).toEqual({
      status: 400,
      body: { ok: false, error: "Invalid or expired code", field: "promotionCode" },
    });
    expect(await redeem(customer, { promotionCode: code })).toEqual(unknown);
    // And it counts as a guess.
    expect(await trialsOf(customer.id)).toBe(2);
    const free = await makeCode({ percentOff: 100 });
    expect((await redeem(staff, { promotionCode: free.code })).status).toBe(403);
    expect((await redeem(null, { promotionCode: free.code })).status).toBe(401);
    expect(await rowsOf(customer.id)).toEqual([]);
  });
});

describe("uses", () => {
  it("counts the payments naming a code that were not rejected", async () => {
    const { id, code } = await makeCode();
    const [first, second, third] = await Promise.all([app.customer(), app.customer(), app.customer()]);
    for (const customer of [first!, second!, third!])
      expect((await sendProof(customer.user, { promotionCode: code })).status).toBe(200);
    const [rejected] = await rowsOf(third!.id);
    await decidePayment(app.services, admin.user, {
      paymentId: rejected!.id,
      decision: "reject",
      notes: "No transfer arrived",
    });
    const [approved] = await rowsOf(first!.id);
    await decidePayment(app.services, admin.user, { paymentId: approved!.id, decision: "approve" });
    expect(await usesOf(id)).toBe(2);
    const counted = await app.db.select().from(payments).where(eq(payments.promotionCodeId, id));
    expect(counted.filter((payment) => payment.status !== "rejected")).toHaveLength(2);
  });
});

describe("the one limit on guessing codes, shared by every path that takes one", () => {
  const refused = (status: number) => expect.objectContaining({ status });

  /** Each path a code can be sent to, with a code; each answers its own way, the status is what they share. */
  const paths = (customer: SignedIn, promotionCode: string) => ({
    quote: () => quote(customer, { promotionCode }),
    free: () => redeem(customer, { promotionCode }),
    proof: () => sendProof(customer.user, { promotionCode }),
    checkout: () => checkout(customer, { promotionCode }),
  });

  it("after 10 codes refused across /free, the Zelle proof and the checkout, every path answers 429 without looking the code up", async () => {
    const customer = await app.customer();
    const guesses = [
      "free",
      "proof",
      "checkout",
      "free",
      "proof",
      "checkout",
      "free",
      "proof",
      "free",
      "checkout",
    ] as const;
    for (const [index, path] of guesses.entries()) {
      expect(await paths(customer, `GUESS-${index}`)[path](), `${path} #${index + 1}`).toEqual(refused(400));
    }
    expect(await trialsOf(customer.id)).toBe(10);
    // A good code too: the guesser is not told whether it would have worked.
    const free = await makeCode({ percentOff: 100 });
    const partial = await makeCode();
    fakeStripe.requests.length = 0;
    expect(await quote(customer, { promotionCode: partial.code })).toMatchObject({
      status: 429,
      body: { ok: false, error: { code: "promotion_code_rate_limited" } },
    });
    expect(await redeem(customer, { promotionCode: free.code })).toEqual({
      status: 429,
      body: { ok: false, error: "Too many codes tried. Please wait a few minutes and try again." },
    });
    expect(await sendProof(customer.user, { promotionCode: partial.code })).toMatchObject({ status: 429 });
    expect(await checkout(customer, { promotionCode: partial.code })).toMatchObject({
      status: 429,
      body: { ok: false, error: { code: "promotion_code_rate_limited" } },
    });
    expect(fakeStripe.requests).toEqual([]);
    expect(await rowsOf(customer.id)).toEqual([]);
    expect(await usesOf(free.id)).toBe(0);
    expect(
      await app.db.select().from(promotionReservations).where(eq(promotionReservations.userId, customer.id)),
    ).toEqual([]);
    // A payment without a code is no guess: it goes on.
    expect(await sendProof(customer.user)).toEqual({ status: 200, body: { ok: true } });
  });

  it("after 10 codes refused at the quote, /free, the Zelle proof and the checkout answer 429 too", async () => {
    const customer = await app.customer();
    for (let attempt = 1; attempt <= 10; attempt += 1)
      expect((await quote(customer, { promotionCode: `GUESS${attempt}` })).status).toBe(400);
    const free = await makeCode({ percentOff: 100 });
    const partial = await makeCode();
    expect((await redeem(customer, { promotionCode: free.code })).status).toBe(429);
    expect((await sendProof(customer.user, { promotionCode: partial.code })).status).toBe(429);
    expect((await checkout(customer, { promotionCode: partial.code })).status).toBe(429);
    expect(await rowsOf(customer.id)).toEqual([]);
    // Answers that were not refused codes left the count where it was.
    expect(await trialsOf(customer.id)).toBe(10);
  });

  it("counts a good code as no guess, and lets no burst of guesses sent at once slip under the limit", async () => {
    const customer = await app.customer();
    const { code } = await makeCode();
    for (let attempt = 1; attempt <= 12; attempt += 1)
      expect((await quote(customer, { promotionCode: code })).status).toBe(200);
    expect(await trialsOf(customer.id)).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => quote(customer, { promotionCode: `BURST-${index}` })),
    );
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
    expect(await trialsOf(customer.id)).toBe(10);
  });
});

/** The id of the Checkout session a checkout answer sends the customer to. */
const sessionIdOf = (answer: { body: Record<string, unknown> }) => String(answer.body.url).split("/checkout/")[1]!;

/** A checkout made as if at `at` (the reservation's clock), through the use case. */
async function checkoutAt(user: SignedIn, at: Date, body: Record<string, unknown>) {
  return createCardCheckout({ ...app.services, now: () => at }, user.user, {
    serviceType: "google_business",
    paymentNumber: 1,
    ...body,
  });
}

/** Stripe's `checkout.session.completed` for a session the fake made: paid for its amount. */
function paidEvent(sessionId: string) {
  eventCounter += 1;
  const session = fakeStripe.sessions.get(sessionId)!;
  return {
    id: `evt_paid_${eventCounter}_${Date.now()}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...session, status: "complete", payment_status: "paid" } },
  };
}

async function reservationsOf(promotionCodeId: string) {
  return app.db.select().from(promotionReservations).where(eq(promotionReservations.promotionCodeId, promotionCodeId));
}

describe("a code's maximum uses and card checkouts", () => {
  it("holds a one-use code for the first customer's checkout, for an hour: the second is refused until that session expires", async () => {
    const [first, second] = [await app.customer(), await app.customer()];
    const { id, code } = await makeCode({ maxUses: 1 });
    fakeStripe.requests.length = 0;
    const started = await checkout(first!, { promotionCode: code });
    expect(started.status).toBe(200);
    const sessionId = sessionIdOf(started);
    const [held] = await reservationsOf(id);
    expect(held).toMatchObject({ userId: first!.id, stripeSessionId: sessionId });
    // The session ends when the hold does (Stripe takes 30 minutes to 24 hours).
    const expiresAt = Number(fakeStripe.requests[0]!.form.expires_at);
    expect(expiresAt).toBe(Math.floor(held!.expiresAt.getTime() / 1000));
    expect(held!.expiresAt.getTime() - held!.createdAt.getTime()).toBe(60 * 60 * 1000);

    // Every way to spend it is refused to somebody else meanwhile, as any unusable code.
    expect(await checkout(second!, { promotionCode: code })).toEqual({
      status: 400,
      body: { ok: false, error: INVALID },
    });
    expect(await quote(second!, { promotionCode: code })).toEqual({ status: 400, body: { ok: false, error: INVALID } });
    expect((await sendProof(second!.user, { promotionCode: code })).status).toBe(400);
    expect(await rowsOf(second!.id)).toEqual([]);

    // Stripe says the session expired unpaid: the use is back, once.
    const expired = fakeStripe.expire(sessionId);
    expect((await postWebhook(expired)).body).toEqual({ received: true, outcome: "expired" });
    expect((await postWebhook(expired)).body).toEqual({ received: true, outcome: "duplicate" });
    const [recorded] = await app.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, String(expired.id)));
    expect(recorded).toMatchObject({ type: "checkout.session.expired", outcome: "expired" });
    expect(await reservationsOf(id)).toEqual([]);
    expect((await checkout(second!, { promotionCode: code })).status).toBe(200);
    expect((await checkout(first!, { promotionCode: code })).status).toBe(400);
  });

  it("lets a hold lapse at its end even without the expired event: the next customer's checkout takes the use", async () => {
    const [first, second] = [await app.customer(), await app.customer()];
    const { id, code } = await makeCode({ maxUses: 1 });
    expect((await checkout(first!, { promotionCode: code })).status).toBe(200);
    await expect(
      checkoutAt(second!, new Date(Date.now() + 59 * 60 * 1000), { promotionCode: code }),
    ).rejects.toMatchObject({ code: "promotion_code_invalid" });
    await checkoutAt(second!, new Date(Date.now() + 61 * 60 * 1000), { promotionCode: code });
    // The lapsed hold was cleared on the way.
    expect((await reservationsOf(id)).map((held) => held.userId)).toEqual([second!.id]);
  });

  it("replaces a customer's own hold with their next checkout: they are never in their own way", async () => {
    const [customer, other] = [await app.customer(), await app.customer()];
    const { id, code } = await makeCode({ maxUses: 1 });
    const firstSession = sessionIdOf(await checkout(customer, { promotionCode: code }));
    const again = await checkout(customer, { serviceType: "website", promotionCode: code });
    expect(again.status).toBe(200);
    const held = await reservationsOf(id);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ userId: customer.id, stripeSessionId: sessionIdOf(again) });
    expect(sessionIdOf(again)).not.toBe(firstSession);
    // The quote and a Zelle proof of their own see the use as theirs too.
    expect((await quote(customer, { promotionCode: code })).status).toBe(200);
    expect((await checkout(other, { promotionCode: code })).status).toBe(400);
  });

  it("turns a paid session's hold into the payment, the code's one use", async () => {
    const [customer, other] = [await app.customer(), await app.customer()];
    const { id, code } = await makeCode({ maxUses: 1 });
    const sessionId = sessionIdOf(await checkout(customer, { promotionCode: code }));
    expect((await postWebhook(paidEvent(sessionId))).body).toEqual({ received: true, outcome: "completed" });
    const [row] = await rowsOf(customer.id);
    expect(row).toMatchObject({
      status: "completed",
      amount: 200,
      discount: 50,
      promotionCodeId: id,
      promotionCode: code,
      adminNotes: null,
      stripeSessionId: sessionId,
    });
    expect(await reservationsOf(id)).toEqual([]);
    expect(await usesOf(id)).toBe(1);
    expect((await checkout(other, { promotionCode: code })).status).toBe(400);
  });

  it("counts a session paid after its hold lapsed while a use was still left", async () => {
    const customer = await app.customer();
    const { id, code } = await makeCode({ maxUses: 1 });
    const { url } = await checkoutAt(customer, new Date(Date.now() - 2 * 60 * 60 * 1000), { promotionCode: code });
    expect((await postWebhook(paidEvent(url.split("/checkout/")[1]!))).body.outcome).toBe("completed");
    const [row] = await rowsOf(customer.id);
    expect(row).toMatchObject({ promotionCodeId: id, adminNotes: null });
    expect(await usesOf(id)).toBe(1);
  });

  it("records a session paid after its hold lapsed and every use was taken: at the price paid, not counted, the admins told", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const late = await app.customer({ name: "Lena Late", companyName: "Late Bakery" });
      const other = await app.customer();
      const { id, code } = await makeCode({ maxUses: 1 });
      // The checkout was made two hours ago: its hold has lapsed, and another customer took the one use by Zelle.
      const { url } = await checkoutAt(late, new Date(Date.now() - 2 * 60 * 60 * 1000), { promotionCode: code });
      const sessionId = url.split("/checkout/")[1]!;
      expect((await sendProof(other.user, { promotionCode: code })).status).toBe(200);
      expect(await usesOf(id)).toBe(1);

      const before = await app.db.select().from(notifications).where(eq(notifications.userId, admin.id));
      expect((await postWebhook(paidEvent(sessionId))).body).toEqual({ received: true, outcome: "completed" });
      const [card] = await rowsOf(late.id);
      expect(card).toMatchObject({
        status: "completed",
        paymentMethod: "card",
        amount: 200,
        discount: 50,
        promotionCodeId: null,
        promotionCode: code,
      });
      expect(card!.receiptNumber).toBeGreaterThan(0);
      expect(card!.adminNotes).toContain(
        `promotion code ${code} after this checkout's hold on one of its uses had lapsed`,
      );
      expect(await usesOf(id)).toBe(1);
      expect(await reservationsOf(id)).toEqual([]);

      const told = (await app.db.select().from(notifications).where(eq(notifications.userId, admin.id))).filter(
        (row) => !before.some((earlier) => earlier.id === row.id),
      );
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        type: "promotion_over_limit",
        title: "Promotion code over its limit",
        data: {
          customerId: late.id,
          fullName: "Lena Late",
          companyName: "Late Bakery",
          service: "google_business",
          paymentNumber: 1,
          amount: 200,
          code,
          maxUses: 1,
        },
      });
      expect(told[0]!.message).toBe(
        `Lena Late from Late Bakery paid $200 by card for Google Business Profile Setup with code ${code} after every one of its uses (1) was taken. The payment is recorded at the price paid but does not count as a use of the code.`,
      );
      // A redelivery changes nothing and tells nobody again.
      expect((await postWebhook({ ...paidEvent(sessionId), id: `evt_again_${Date.now()}` })).body.outcome).toBe(
        "already-paid",
      );
      expect(
        await app.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, admin.id), eq(notifications.type, "promotion_over_limit"))),
      ).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });

  it("counts a resubmitted Zelle proof as the code's use again only while a use is left, else notes why not", async () => {
    const [first, second] = [await app.customer(), await app.customer()];
    const { id, code } = await makeCode({ maxUses: 1 });
    expect((await sendProof(first.user, { promotionCode: code })).status).toBe(200);
    const [sent] = await rowsOf(first.id);
    await decidePayment(app.services, admin.user, {
      paymentId: sent!.id,
      decision: "reject",
      notes: "No transfer arrived",
    });
    // The rejection gave the use back, and the second customer took it.
    expect((await sendProof(second.user, { promotionCode: code })).status).toBe(200);
    await resubmitZelleProof(app.services, first.user, {
      paymentId: sent!.id,
      proof: new File([PNG], "again.png", { type: "image/png" }),
    });
    const [again] = await rowsOf(first.id);
    // The customer sent that money: the price stays, but the code's one use is the second customer's.
    expect(again).toMatchObject({
      status: "pending",
      amount: 200,
      discount: 50,
      promotionCodeId: null,
      promotionCode: code,
    });
    expect(again!.adminNotes).toContain(
      `Promotion code ${code}: all 1 of its uses were taken while this transfer was rejected`,
    );
    expect(await usesOf(id)).toBe(1);
  });
});

describe("a team member's own card checkout", () => {
  it("is refused (403): the team pays nothing here, as for the quote and /free", async () => {
    fakeStripe.requests.length = 0;
    for (const member of [staff, admin]) {
      expect(await checkout(member, {})).toEqual({
        status: 403,
        body: { ok: false, error: { code: "forbidden", message: "You don't have permission to do that" } },
      });
    }
    expect(fakeStripe.requests).toEqual([]);
  });
});
