import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  googleBusinessInfo,
  paymentRefunds,
  payments,
  profiles,
  websiteInfo,
  websiteProgress,
} from "~db/schema";
import { parseAnalyticsPeriod, type AnalyticsPeriod } from "~/features/analytics/analytics-period";
import { funnelSteps } from "~/features/analytics/analytics-views";
import { getAnalytics } from "~/features/analytics/get-analytics.server";
import { toggleProgressStep } from "~/features/progress/toggle-progress-step.server";
import type { SessionUser } from "~/lib/auth/session";
import { loader as analyticsLoader } from "~/routes/admin/analytics";
import { behindAdminGuard, expectHttpError, SITE_URL, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let admin: SignedIn;
const customers: Record<string, SignedIn> = {};

/** The first quarter of 2026, as the picker's custom dates give it. */
const Q1: AnalyticsPeriod = { choice: "custom", from: "2026-01-01", to: "2026-03-31" };

const at = (iso: string) => new Date(iso);

async function signedUpAt(name: string, iso: string): Promise<SignedIn> {
  const customer = await app.customer({ name });
  await app.db
    .update(profiles)
    .set({ createdAt: at(iso) })
    .where(eq(profiles.id, customer.id));
  customers[name] = customer;
  return customer;
}

/** A payment made (and, when completed, completed) at `on`; its id. */
async function paid(
  userId: string,
  payment: {
    service: "google_business" | "website";
    number?: number;
    amount: number;
    method: "card" | "zelle";
    status?: "completed" | "pending" | "rejected";
    on: string;
  },
) {
  const status = payment.status ?? "completed";
  return app.payment(userId, {
    serviceType: payment.service,
    paymentNumber: payment.number ?? 1,
    amount: payment.amount,
    paymentMethod: payment.method,
    status,
    createdAt: at(payment.on),
    updatedAt: at(payment.on),
    // Revenue counts a payment when it was completed (the trigger would set now()).
    completedAt: status === "completed" ? at(payment.on) : null,
  });
}

/**
 * A refund of a payment, completed at `on` (or still pending), as the refund use cases leave it: the payment's
 * refunded amount and status follow, which updates the payment's row now (its completed_at stays).
 */
async function refunded(paymentId: string, refund: { amount: number; on: string; status?: "completed" | "pending" }) {
  const [payment] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
  const status = refund.status ?? "completed";
  await app.db.insert(paymentRefunds).values({
    paymentId,
    userId: payment!.userId,
    amount: refund.amount,
    reason: "Analytics test",
    status,
    createdAt: at(refund.on),
    completedAt: status === "completed" ? at(refund.on) : null,
  });
  if (status !== "completed") return;
  const refundedAmount = payment!.refundedAmount + refund.amount;
  await app.db
    .update(payments)
    .set({ refundedAmount, status: refundedAmount >= payment!.amount ? "refunded" : "completed" })
    .where(eq(payments.id, paymentId));
}

/** Payments the refund test gives money back on. */
const ids: Record<string, string> = {};

/** Ticks a service's final step the way admins do (audited), then dates the audit event. */
async function launchedAt(userId: string, service: "google_business" | "website", iso: string) {
  const step = service === "google_business" ? "seoLocalSetup" : "websiteLaunch";
  await toggleProgressStep(app.services, admin.user, { userId, service, step, done: true });
  await app.db
    .update(auditEvents)
    .set({ createdAt: at(iso) })
    .where(
      sql`${auditEvents.customerId} = ${userId} and ${auditEvents.detail}->>'step' = ${step} and ${auditEvents.createdAt} > now() - interval '1 hour'`,
    );
}

beforeAll(async () => {
  admin = await app.admin();
  // The admin's own profile in the period must not count as a sign-up.
  await app.db
    .update(profiles)
    .set({ createdAt: at("2026-02-10T12:00:00Z") })
    .where(eq(profiles.id, admin.id));

  // c1: signed up Mon 5 Jan, paid by card 10 Jan, sent the Google Business form, launched 30 Jan (20 days).
  const c1 = await signedUpAt("c1", "2026-01-05T09:00:00Z");
  ids.c1Google = await paid(c1.id, {
    service: "google_business",
    amount: 300,
    method: "card",
    on: "2026-01-10T10:00:00Z",
  });
  await app.db.insert(googleBusinessInfo).values({ userId: c1.id, legalBusinessName: "C1 LLC" });
  await launchedAt(c1.id, "google_business", "2026-01-30T10:00:00Z");

  // c2: signed up 7 Jan (same week), Zelle approved 3 Feb, a pending and a rejected proof that never count, the
  // website form sent, launched 15 Mar with no audit event (the progress row's time counts): 40 days.
  const c2 = await signedUpAt("c2", "2026-01-07T23:30:00Z");
  ids.c2Website = await paid(c2.id, { service: "website", amount: 350, method: "zelle", on: "2026-02-03T08:00:00Z" });
  await paid(c2.id, {
    service: "website",
    number: 2,
    amount: 350,
    method: "zelle",
    status: "pending",
    on: "2026-02-20T08:00:00Z",
  });
  await paid(c2.id, {
    service: "google_business",
    amount: 300,
    method: "zelle",
    status: "rejected",
    on: "2026-02-21T08:00:00Z",
  });
  await app.db.insert(websiteInfo).values({ userId: c2.id, legalBusinessName: "C2 LLC" });
  await app.db
    .insert(websiteProgress)
    .values({ userId: c2.id, websiteLaunch: true, currentStep: 1, updatedAt: at("2026-03-15T08:00:00Z") });

  // c3: signed up Mon 16 Feb, card 20 Feb and Zelle 1 Mar, form sent; launch ticked and unticked again: not launched.
  const c3 = await signedUpAt("c3", "2026-02-16T00:00:00Z");
  await paid(c3.id, { service: "website", amount: 350, method: "card", on: "2026-02-20T12:00:00Z" });
  ids.c3Second = await paid(c3.id, {
    service: "website",
    number: 2,
    amount: 350,
    method: "zelle",
    on: "2026-03-01T12:00:00Z",
  });
  await app.db.insert(websiteInfo).values({ userId: c3.id });
  await toggleProgressStep(app.services, admin.user, {
    userId: c3.id,
    service: "website",
    step: "websiteLaunch",
    done: true,
  });
  await toggleProgressStep(app.services, admin.user, {
    userId: c3.id,
    service: "website",
    step: "websiteLaunch",
    done: false,
  });

  // c4: signed up Mon 2 Mar, never paid.
  await signedUpAt("c4", "2026-03-02T15:00:00Z");

  // c5: signed up before the period, paid by card 2 Jan (Q1 revenue), launched 20 Mar: in the median, not the funnel.
  const c5 = await signedUpAt("c5", "2025-12-20T10:00:00Z");
  ids.c5Google = await paid(c5.id, {
    service: "google_business",
    amount: 300,
    method: "card",
    on: "2026-01-02T10:00:00Z",
  });
  await app.db.insert(googleBusinessInfo).values({ userId: c5.id });
  await launchedAt(c5.id, "google_business", "2026-03-20T10:00:00Z");

  // A staff member who signed up in January: on the team, so in no count.
  const staff = await app.staff();
  await app.db
    .update(profiles)
    .set({ createdAt: at("2026-01-06T10:00:00Z") })
    .where(eq(profiles.id, staff.id));

  // c6: after the period in every way.
  const c6 = await signedUpAt("c6", "2026-04-02T10:00:00Z");
  await paid(c6.id, { service: "google_business", amount: 300, method: "card", on: "2026-04-03T10:00:00Z" });
  // c5's first payment, one minute before the period starts (31 Dec UTC), is not Q1 revenue; it starts c5's time
  // to launch: 31 Dec 23:59 -> 20 Mar 10:00 is 78.4 days.
  ids.c5Website = await paid(c5.id, { service: "website", amount: 350, method: "zelle", on: "2025-12-31T23:59:00Z" });
}, 120_000);

/** The page's loader as the framework runs it: the admin layout's middleware first. */
async function loadPage(actor: SessionUser | null, search = "") {
  const answer = await behindAdminGuard(
    app.services,
    actor,
    new Request(`${SITE_URL}/admin/analytics${search}`),
    analyticsLoader,
  );
  return "guardedBy" in answer ? answer : (answer.body as Awaited<ReturnType<typeof analyticsLoader>>);
}

describe("analytics", () => {
  it("is for admins only: customers and anonymous visitors are refused by the page and by the use case", async () => {
    expect(await loadPage(customers.c1!.user, "?period=90d")).toHaveProperty("guardedBy");
    expect(await loadPage(null)).toHaveProperty("guardedBy");
    await expectHttpError(getAnalytics(app.services, customers.c1!.user, Q1), 403);
    await expectHttpError(getAnalytics(app.services, null, Q1), 401);
  });

  it("computes revenue per month by method from completed payments only", async () => {
    const report = await getAnalytics(app.services, admin.user, Q1);
    expect(report.revenue).toEqual([
      { month: "2026-01", card: 600, zelle: 0, refunds: 0, total: 600 },
      { month: "2026-02", card: 350, zelle: 350, refunds: 0, total: 700 },
      { month: "2026-03", card: 0, zelle: 350, refunds: 0, total: 350 },
    ]);
    expect(report.revenueTotal).toEqual({ card: 950, zelle: 700, refunds: 0, total: 1650 });
  });

  it("counts customer sign-ups per UTC week (Monday first), every week of the period listed, the team's accounts left out", async () => {
    const report = await getAnalytics(app.services, admin.user, Q1);
    expect(report.signUps).toHaveLength(14);
    expect(report.signUps[0]).toEqual({ weekStart: "2025-12-29", signUps: 0 });
    expect(report.signUps.at(-1)).toEqual({ weekStart: "2026-03-30", signUps: 0 });
    expect(report.signUps.filter((week) => week.signUps > 0)).toEqual([
      { weekStart: "2026-01-05", signUps: 2 },
      { weekStart: "2026-02-16", signUps: 1 },
      { weekStart: "2026-03-02", signUps: 1 },
    ]);
  });

  it("gives the funnel of the period's sign-ups with the conversion at each step, and the median days to launch", async () => {
    const report = await getAnalytics(app.services, admin.user, Q1);
    expect(report.funnel).toEqual({ signedUp: 4, paid: 3, informationSent: 3, launched: 2 });
    expect(
      funnelSteps(report.funnel).map((step) => [step.label, step.count, step.fromPrevious, step.fromStart]),
    ).toEqual([
      ["Signed up", 4, null, 100],
      ["Paid", 3, 75, 75],
      ["Information sent", 3, 100, 75],
      ["Launched", 2, 66.7, 50],
    ]);
    // Launches in Q1: c1 20 days, c2 40 days, c5 78.4 days.
    expect(report.medianDaysToLaunch).toBe(40);
    expect(report.launchesInPeriod).toBe(3);

    const january = await getAnalytics(app.services, admin.user, {
      choice: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
    });
    expect(january.funnel).toEqual({ signedUp: 2, paid: 2, informationSent: 2, launched: 2 });
    expect(january.medianDaysToLaunch).toBe(20);
    // Two launches (c2 40 days, c5 78.4 days): the median is the mean of the middle two (percentile_cont), rounded to 0.1.
    const q1AndApril = await getAnalytics(app.services, admin.user, {
      choice: "custom",
      from: "2026-02-01",
      to: "2026-04-30",
    });
    expect(q1AndApril.medianDaysToLaunch).toBe(59.2);
    const empty = await getAnalytics(app.services, admin.user, {
      choice: "custom",
      from: "2024-01-01",
      to: "2024-01-31",
    });
    expect(empty).toMatchObject({
      funnel: { signedUp: 0, paid: 0, informationSent: 0, launched: 0 },
      medianDaysToLaunch: null,
      launchesInPeriod: 0,
    });
    expect(empty.revenue).toEqual([{ month: "2024-01", card: 0, zelle: 0, refunds: 0, total: 0 }]);
  });

  it("reads the period from the URL and answers a bad one with its message, not an error", async () => {
    const page = await loadPage(admin.user, "?period=custom&from=2026-01-01&to=2026-03-31");
    if ("guardedBy" in page) throw new Error("guarded");
    expect(page.report?.funnel.signedUp).toBe(4);
    expect(page.input).toEqual({ period: "custom", from: "2026-01-01", to: "2026-03-31" });

    const bad = await loadPage(admin.user, "?period=custom&from=2026-03-31&to=2026-01-01");
    if ("guardedBy" in bad) throw new Error("guarded");
    expect(bad).toMatchObject({ report: null, errors: { to: "The start date must be on or before the end date" } });
    const unknown = await loadPage(admin.user, "?period=forever");
    if ("guardedBy" in unknown) throw new Error("guarded");
    expect(unknown).toMatchObject({ report: null, errors: { period: "Choose one of the listed periods" } });

    const preset = await loadPage(admin.user, "?period=30d");
    if ("guardedBy" in preset) throw new Error("guarded");
    const expected = parseAnalyticsPeriod(new URLSearchParams("period=30d"));
    expect(expected.ok && page.report && preset.report?.period).toEqual(expected.ok ? expected.period : null);
  });

  it("gives a period it cannot read its message in the admin's language", async () => {
    const spanish: SessionUser = { ...admin.user, language: "es" };
    const reversed = await loadPage(spanish, "?period=custom&from=2026-03-31&to=2026-01-01");
    expect(reversed).toMatchObject({
      report: null,
      errors: { to: "La fecha de inicio debe ser igual o anterior a la fecha de fin" },
    });
    const unknown = await loadPage(spanish, "?period=forever");
    expect(unknown).toMatchObject({ report: null, errors: { period: "Elija uno de los períodos de la lista" } });
    const missing = await loadPage(spanish, "?period=custom&from=2026-02-30");
    expect(missing).toMatchObject({
      report: null,
      errors: { from: "Escriba la fecha como AAAA-MM-DD", to: "Elija una fecha de fin" },
    });
  });

  it("takes refunds off the revenue in the month they completed, from their payment's method; the payment still counts when it was completed", async () => {
    // c5's Zelle payment of 31 Dec (before the period) gets $50 back on 15 Jan: January loses $50 of Zelle.
    await refunded(ids.c5Website!, { amount: 50, on: "2026-01-15T10:00:00Z" });
    // c1's card payment of 10 Jan, $100 back on 5 Feb: February loses $100 of card; January keeps the payment.
    await refunded(ids.c1Google!, { amount: 100, on: "2026-02-05T10:00:00Z" });
    // c3's second payment (1 Mar) refunded in full on 10 Mar: it becomes `refunded`, and March nets nothing from it.
    await refunded(ids.c3Second!, { amount: 350, on: "2026-03-10T10:00:00Z" });
    // A card refund still waiting for Stripe, and one completed after the period, take nothing off Q1.
    await refunded(ids.c5Google!, { amount: 25, on: "2026-03-20T10:00:00Z", status: "pending" });
    await refunded(ids.c2Website!, { amount: 20, on: "2026-04-05T10:00:00Z" });
    expect((await app.db.select().from(payments).where(eq(payments.id, ids.c3Second!)))[0]).toMatchObject({
      status: "refunded",
      completedAt: at("2026-03-01T12:00:00Z"),
    });

    const report = await getAnalytics(app.services, admin.user, Q1);
    expect(report.revenue).toEqual([
      { month: "2026-01", card: 600, zelle: -50, refunds: 50, total: 550 },
      { month: "2026-02", card: 250, zelle: 350, refunds: 100, total: 600 },
      { month: "2026-03", card: 0, zelle: 0, refunds: 350, total: 0 },
    ]);
    expect(report.revenueTotal).toEqual({ card: 850, zelle: 300, refunds: 500, total: 1150 });
    const april = await getAnalytics(app.services, admin.user, {
      choice: "custom",
      from: "2026-04-01",
      to: "2026-04-30",
    });
    // c6's card payment of 3 Apr, less c2's $20 given back on 5 Apr.
    expect(april.revenueTotal).toEqual({ card: 300, zelle: -20, refunds: 20, total: 280 });
    // A partly refunded payment still makes its customer paid; c3 keeps the first payment.
    expect(report.funnel).toEqual({ signedUp: 4, paid: 3, informationSent: 3, launched: 2 });
  });
});
