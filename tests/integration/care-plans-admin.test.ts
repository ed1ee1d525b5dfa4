import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, carePlans, payments, planSubscriptions, serviceActivity } from "~db/schema";
import type { Services } from "~/lib/services.server";
import { action as settingsAction } from "~/routes/admin/settings";
import { getAnalytics } from "~/features/analytics/get-analytics.server";
import { getWorkQueue } from "~/features/work-queue/get-work-queue.server";
import { loader as paymentsTabLoader } from "~/routes/admin/user-detail/payments";
import { loader as usersLoader } from "~/routes/admin/users";
import { loader as customersCsvLoader } from "~/routes/admin/customers-csv";
import type { SessionUser } from "~/lib/auth/session";
import { routeAnswer, routeContext, SITE_URL, type SignedIn } from "./support";
import { testApp } from "./test-app";

// The back office's side of the care plans: the settings' Plans tab through its page action, the customer list's
// plan filter, the analytics' plan figures and the work queue's past-due plans. The subscriptions are rows written
// here as the card provider's webhooks would leave them (the webhooks have their own tests); the provider itself is a
// stand-in that records what it was asked, as the plan forms need only its products and prices.

const app = testApp();
let admin: SignedIn;
let staff: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  admin = await app.admin();
  customer = await app.customer({ name: "Ana Plan" });
  staff = await app.staff([customer.id]);
}, 300_000);

const NO_PLAN = "00000000-0000-4000-8000-000000000000";

/** A stand-in for the card provider's products and prices, with what it was asked. */
function cardProvider() {
  const asked: { call: string; params: unknown }[] = [];
  let made = 0;
  const reply =
    (call: string, prefix: string) =>
    async (...params: unknown[]) => {
      asked.push({ call, params: params.length === 1 ? params[0] : params });
      made += 1;
      return { id: `${prefix}_admin_${made}` };
    };
  const stripe = {
    products: { create: reply("products.create", "prod"), update: reply("products.update", "prod") },
    prices: { create: reply("prices.create", "price"), update: reply("prices.update", "price") },
  } as unknown as Stripe;
  return { stripe, asked };
}

/** A plan row as the Plans tab leaves it (any provider ids); its id. */
async function plan(values: Partial<typeof carePlans.$inferInsert> = {}): Promise<string> {
  const [row] = await app.db
    .insert(carePlans)
    .values({
      nameEn: "Website Care",
      nameEs: "Cuidado del sitio web",
      price: 49,
      stripeProductId: `prod_${randomUUID()}`,
      stripePriceId: `price_${randomUUID()}`,
      ...values,
    })
    .returning({ id: carePlans.id });
  return row!.id;
}

/**
 * A subscription row as the provider's webhooks leave it (any provider ids): active unless told, at the plan's price
 * unless told; its id.
 */
async function subscription(
  userId: string,
  planId: string,
  values: Partial<typeof planSubscriptions.$inferInsert> = {},
): Promise<string> {
  const [row] = await app.db
    .insert(planSubscriptions)
    .values({
      userId,
      planId,
      status: "active",
      price: 49,
      stripeSubscriptionId: `sub_${randomUUID()}`,
      stripeCustomerId: `cus_${randomUUID()}`,
      stripePriceId: `price_${randomUUID()}`,
      startedAt: new Date("2026-02-01T00:00:00Z"),
      currentPeriodEnd: new Date("2026-04-01T00:00:00Z"),
      ...values,
    })
    .returning({ id: planSubscriptions.id });
  return row!.id;
}

const planRow = async (id: string) => (await app.db.select().from(carePlans).where(eq(carePlans.id, id)))[0]!;

/** The settings page's action, as the Plans tab's forms post it (the page's middleware is the matrix's to test). */
async function postSettings(
  who: SignedIn | SessionUser | null,
  fields: Record<string, string>,
  services: Services = app.services,
) {
  const request = new Request(new URL("/admin/settings", SITE_URL), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const user = who && "user" in who ? who.user : who;
  return routeAnswer(
    await settingsAction({ request, context: routeContext(services, user, request.headers), params: {} } as never),
  );
}

const newPlan = (over: Record<string, string> = {}) => ({
  intent: "create-plan",
  nameEn: "Profile Posts",
  nameEs: "Publicaciones del perfil",
  descriptionEn: "Two posts a week on the profile.",
  descriptionEs: "Dos publicaciones por semana en el perfil.",
  price: "39.50",
  follows: "google_business",
  beforeFinished: "on",
  ...over,
});

describe("the Plans tab's forms, through the settings page's action", () => {
  it("creates a plan with its provider product and monthly price, audited, and answers its toast", async () => {
    const provider = cardProvider();
    const answer = await postSettings(admin, newPlan(), { ...app.services, stripe: provider.stripe });
    expect(answer).toEqual({
      status: 200,
      body: { ok: true, title: "Plan created", message: "Profile Posts is on offer from now on." },
    });
    const [made] = await app.db.select().from(carePlans).where(eq(carePlans.nameEn, "Profile Posts"));
    expect(made).toMatchObject({
      nameEs: "Publicaciones del perfil",
      descriptionEn: "Two posts a week on the profile.",
      price: 39.5,
      follows: "google_business",
      beforeFinished: true,
      retiredAt: null,
      createdBy: admin.id,
    });
    expect(provider.asked.map((one) => one.call)).toEqual(["products.create", "prices.create"]);
    expect(provider.asked[1]!.params).toMatchObject({
      unit_amount: 3950,
      currency: "usd",
      recurring: { interval: "month" },
    });
    expect(made!.stripePriceId).toBe("price_admin_2");
    const [audit] = await app.db.select().from(auditEvents).orderBy(desc(auditEvents.createdAt)).limit(1);
    expect(audit).toMatchObject({
      action: "plan.create",
      actorId: admin.id,
      detail: { planId: made!.id, price: 39.5 },
    });
  });

  it("refuses a plan the form does not allow with the field's message, asking the provider nothing", async () => {
    const provider = cardProvider();
    const services = { ...app.services, stripe: provider.stripe };
    expect(await postSettings(admin, newPlan({ price: "0" }), services)).toEqual({
      status: 400,
      body: { ok: false, error: "Enter a monthly price of more than $0, in dollars and cents" },
    });
    expect(await postSettings(admin, newPlan({ nameEs: " " }), services)).toEqual({
      status: 400,
      body: { ok: false, error: "Enter the plan's name in Spanish" },
    });
    expect(await postSettings(admin, newPlan({ follows: "seo" }), services)).toMatchObject({ status: 400 });
    expect(provider.asked).toEqual([]);
  });

  it("refuses a new plan without card payments: the provider charges every plan", async () => {
    expect(app.services.stripe).toBeNull();
    expect(await postSettings(admin, newPlan({ nameEn: "Never made" }))).toEqual({
      status: 503,
      body: { ok: false, error: "Card payments are not configured" },
    });
    expect(await app.db.select().from(carePlans).where(eq(carePlans.nameEn, "Never made"))).toEqual([]);
  });

  it("saves a plan's changes; a new price is a new provider price, the old one retired, and the toast says who pays it", async () => {
    const id = await plan({ nameEn: "Care to edit", price: 49 });
    const before = await planRow(id);
    const provider = cardProvider();
    const services = { ...app.services, stripe: provider.stripe };
    const edit = (over: Record<string, string>) =>
      postSettings(
        admin,
        newPlan({ intent: "update-plan", planId: id, nameEn: "Care to edit", follows: "website", ...over }),
        services,
      );

    expect(await edit({ price: "49", beforeFinished: "" })).toEqual({
      status: 200,
      body: { ok: true, title: "Plan saved" },
    });
    expect(await planRow(id)).toMatchObject({
      nameEs: "Publicaciones del perfil",
      follows: "website",
      beforeFinished: false,
      stripePriceId: before.stripePriceId,
    });
    // The same price makes no new provider price.
    expect(provider.asked.map((one) => one.call)).not.toContain("prices.create");

    expect(await edit({ price: "55" })).toEqual({
      status: 200,
      body: {
        ok: true,
        title: "Plan saved",
        message: "New subscribers pay the new price; the customers already subscribed keep theirs.",
      },
    });
    const after = await planRow(id);
    expect(after.price).toBe(55);
    expect(after.stripePriceId).not.toBe(before.stripePriceId);
    expect(provider.asked).toContainEqual({ call: "prices.update", params: [before.stripePriceId, { active: false }] });

    expect(await edit({ planId: NO_PLAN })).toEqual({ status: 404, body: { ok: false, error: "Plan not found" } });
  });

  it("retires a plan and offers it again, each audited once; a plan that is not there is 404", async () => {
    const id = await plan({ nameEn: "Care to retire" });
    const retire = () => postSettings(admin, { intent: "retire-plan", planId: id });
    const offer = () => postSettings(admin, { intent: "offer-plan-again", planId: id });

    expect(await retire()).toEqual({
      status: 200,
      body: { ok: true, title: "Plan retired", message: "Its subscribers keep it; nobody new may take it." },
    });
    expect((await planRow(id)).retiredAt).not.toBeNull();
    // Again: nothing changes, nothing more is audited.
    expect((await retire()).status).toBe(200);
    expect(await offer()).toEqual({
      status: 200,
      body: { ok: true, title: "Plan offered again", message: "Customers may take it again." },
    });
    expect((await planRow(id)).retiredAt).toBeNull();

    const audit = await app.db.select().from(auditEvents).where(eq(auditEvents.actorId, admin.id));
    const about = (action: string) =>
      audit.filter((event) => event.action === action && (event.detail as { planId?: string }).planId === id);
    expect(about("plan.retire")).toHaveLength(1);
    expect(about("plan.offer-again")).toHaveLength(1);

    expect(await postSettings(admin, { intent: "retire-plan", planId: NO_PLAN })).toEqual({
      status: 404,
      body: { ok: false, error: "Plan not found" },
    });
    // A refusal is worded in the admin's language.
    expect(
      await postSettings({ ...admin.user, language: "es" }, { intent: "offer-plan-again", planId: NO_PLAN }),
    ).toEqual({
      status: 404,
      body: { ok: false, error: "Plan no encontrado" },
    });
    expect((await postSettings(admin, { intent: "offer-plan-again", planId: "not-an-id" })).status).toBe(400);
  });

  it("refuses staff and customers (403) and visitors (401) on each of the four forms, and changes nothing", async () => {
    const id = await plan({ nameEn: "Care nobody else changes" });
    const provider = cardProvider();
    const services = { ...app.services, stripe: provider.stripe };
    const forms = [
      newPlan({ nameEn: "Made by nobody" }),
      newPlan({ intent: "update-plan", planId: id, nameEn: "Renamed by nobody" }),
      { intent: "retire-plan", planId: id },
      { intent: "offer-plan-again", planId: id },
    ];
    for (const [who, status] of [
      [customer, 403],
      [staff, 403],
      [null, 401],
    ] as const) {
      for (const fields of forms) {
        expect((await postSettings(who, fields, services)).status, `${fields.intent} ${status}`).toBe(status);
      }
    }
    expect(await planRow(id)).toMatchObject({ nameEn: "Care nobody else changes", retiredAt: null });
    expect(await app.db.select().from(carePlans).where(eq(carePlans.nameEn, "Made by nobody"))).toEqual([]);
    expect(provider.asked).toEqual([]);
  });
});

describe("the customer page's care plans", () => {
  /** The Payments tab's loader for a customer, as a member of the team opens it. */
  async function paymentsTab(who: SignedIn, customerId: string) {
    const request = new Request(new URL(`/admin/users/${customerId}`, SITE_URL));
    return paymentsTabLoader({
      request,
      context: routeContext(app.services, who.user, request.headers),
      params: { userId: customerId },
    } as never);
  }

  it("loads the customer's subscriptions, newest first, each with its charges, beside the payments", async () => {
    const owner = await app.customer({ name: "Bea Subscriber" });
    const care = await plan({ nameEn: "Care for Bea", nameEs: "Cuidado para Bea" });
    const posts = await plan({ nameEn: "Posts for Bea", nameEs: "Publicaciones para Bea" });
    const ended = await subscription(owner.id, posts, {
      status: "ended",
      endedAt: new Date("2026-01-31T00:00:00Z"),
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
    const failing = await subscription(owner.id, care, {
      status: "past_due",
      price: 45,
      pastDueSince: new Date("2026-03-02T10:00:00Z"),
      createdAt: new Date("2026-02-01T00:00:00Z"),
    });
    const charge = await app.payment(owner.id, {
      serviceType: null,
      planSubscriptionId: failing,
      amount: 45,
      paymentMethod: "card",
      proofUrl: null,
      status: "completed",
      periodStart: new Date("2026-02-01T00:00:00Z"),
      periodEnd: new Date("2026-03-01T00:00:00Z"),
    });

    const loaded = (await paymentsTab(admin, owner.id)) as {
      payments: { id: string }[];
      plans: { id: string; planName: string; status: string; price: number; pastDueSince: string | null }[];
    };
    expect(loaded.plans.map((one) => one.id)).toEqual([failing, ended]);
    expect(loaded.plans[0]).toMatchObject({
      planName: "Care for Bea",
      status: "past_due",
      price: 45,
      pastDueSince: "2026-03-02T10:00:00.000Z",
      charges: [expect.objectContaining({ id: charge, amount: 45, receiptNumber: expect.any(Number) })],
    });
    expect(loaded.plans[1]).toMatchObject({ status: "ended", endedAt: "2026-01-31T00:00:00.000Z", charges: [] });
    // The charge is one of the tab's payments too, where its refund is made.
    expect(loaded.payments.map((one) => one.id)).toContain(charge);
  });

  it("names the plans in the admin's language", async () => {
    const owner = await app.customer({ name: "Carla Subscriber" });
    await subscription(owner.id, await plan({ nameEn: "Care for Carla", nameEs: "Cuidado para Carla" }));
    const spanish = { ...admin, user: { ...admin.user, language: "es" as const } };
    const loaded = (await paymentsTab(spanish, owner.id)) as { plans: { planName: string }[] };
    expect(loaded.plans.map((one) => one.planName)).toEqual(["Cuidado para Carla"]);
  });
});

describe("the customer list's 'Care plan' filter", () => {
  /** Customers of their own for this filter, found by the search "Filterable" (other tests' customers hold plans too). */
  let on: SignedIn;
  let late: SignedIn;
  let ended: SignedIn;
  let waiting: SignedIn;
  let none: SignedIn;

  beforeAll(async () => {
    const care = await plan({ nameEn: "Care to filter by" });
    const posts = await plan({ nameEn: "Posts to filter by" });
    on = await app.customer({ name: "Filterable On" });
    late = await app.customer({ name: "Filterable Late" });
    ended = await app.customer({ name: "Filterable Ended" });
    waiting = await app.customer({ name: "Filterable Waiting" });
    none = await app.customer({ name: "Filterable None" });
    await subscription(on.id, care);
    // Two plans, one of them failing: listed once.
    await subscription(late.id, care, { status: "past_due", pastDueSince: new Date("2026-03-02T10:00:00Z") });
    await subscription(late.id, posts);
    await subscription(ended.id, care, { status: "ended", endedAt: new Date("2026-01-31T00:00:00Z") });
    await subscription(waiting.id, care, { status: "incomplete" });
    await app.assign(staff.id, [on.id, late.id]);
  }, 120_000);

  /** The names the list's page shows at this address, as the viewer opens it. */
  async function listed(who: SignedIn, search: string) {
    const request = new Request(new URL(`/admin/users?${search}`, SITE_URL));
    const answer = (await usersLoader({
      request,
      context: routeContext(app.services, who.user, request.headers),
      params: {},
    } as never)) as unknown as { data: { customers: { fullName: string }[]; total: number; error: string | null } };
    return answer.data;
  }

  it("shows the customers on a plan (active or past due), or only those whose plan is past due", async () => {
    const names = async (search: string) => (await listed(admin, search)).customers.map((row) => row.fullName).sort();
    expect(await names("q=Filterable")).toEqual([
      "Filterable Ended",
      "Filterable Late",
      "Filterable None",
      "Filterable On",
      "Filterable Waiting",
    ]);
    expect(await names("q=Filterable&plan=on_plan")).toEqual(["Filterable Late", "Filterable On"]);
    expect(await names("q=Filterable&plan=past_due")).toEqual(["Filterable Late"]);
    const page = await listed(admin, "q=Filterable&plan=on_plan");
    expect(page.total).toBe(2);
  });

  it("counts over every customer on a plan without a search, and answers a filter it cannot read with the whole list", async () => {
    const everyone = await listed(admin, "plan=past_due");
    expect(everyone.customers.map((row) => row.fullName)).toContain("Filterable Late");
    expect(everyone.customers.every((row) => row.fullName !== "Filterable On")).toBe(true);
    expect(everyone.total).toBe(everyone.customers.length);

    const unknown = await listed(admin, "q=Filterable&plan=gold");
    expect(unknown.error).toBe("Unknown 'Care plan' filter: choose Any, On a plan or Plan past due");
    expect(unknown.customers).toHaveLength(5);
  });

  it("gives a staff member only their own customers on a plan", async () => {
    const names = async (search: string) => (await listed(staff, search)).customers.map((row) => row.fullName).sort();
    expect(await names("plan=on_plan")).toEqual(["Filterable Late", "Filterable On"]);
    expect(await names("plan=past_due")).toEqual(["Filterable Late"]);
  });

  it("exports the list as filtered: the CSV holds the same customers", async () => {
    const request = new Request(new URL("/admin/customers.csv?q=Filterable&plan=on_plan", SITE_URL));
    const response = (await customersCsvLoader({
      request,
      context: routeContext(app.services, admin.user, request.headers),
      params: {},
    } as never)) as Response;
    expect(response.status).toBe(200);
    const text = await response.text();
    const emails = [on.email, late.email, ended.email, waiting.email, none.email].filter((email) =>
      text.includes(email),
    );
    expect(emails.sort()).toEqual([on.email, late.email].sort());
    const [audit] = await app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "customers.export"))
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(audit!.detail).toEqual({ searched: true, status: null, assigned: null, plan: "on_plan" });
  });
});

describe("the analytics' care plans", () => {
  // A database of its own, so the hand sums are of these rows alone (the other tests' plans are elsewhere).
  const own = testApp();
  const at = (iso: string) => new Date(iso);

  async function subscribed(
    userId: string,
    planId: string,
    values: Partial<typeof planSubscriptions.$inferInsert>,
    chargedOn?: string,
  ) {
    const [row] = await own.db
      .insert(planSubscriptions)
      .values({
        userId,
        planId,
        price: 49,
        status: "active",
        stripeSubscriptionId: `sub_${randomUUID()}`,
        stripeCustomerId: `cus_${randomUUID()}`,
        stripePriceId: `price_${randomUUID()}`,
        ...values,
      })
      .returning();
    if (chargedOn) {
      await own.payment(userId, {
        serviceType: null,
        planSubscriptionId: row!.id,
        amount: row!.price,
        paymentMethod: "card",
        proofUrl: null,
        status: "completed",
        createdAt: at(chargedOn),
        completedAt: at(chargedOn),
      });
    }
  }

  it("adds up monthly recurring revenue and the plans past due today, and the period's new and ended plans by month", async () => {
    const boss = await own.admin();
    const [care, posts] = await own.db
      .insert(carePlans)
      .values([
        { nameEn: "Care", nameEs: "Cuidado", price: 49, stripeProductId: "prod_a", stripePriceId: "price_a" },
        { nameEn: "Posts", nameEs: "Publicaciones", price: 19.5, stripeProductId: "prod_b", stripePriceId: "price_b" },
      ])
      .returning({ id: carePlans.id });
    const [ana, bo, cy, di] = await Promise.all([
      own.customer({ name: "Ana" }),
      own.customer({ name: "Bo" }),
      own.customer({ name: "Cy" }),
      own.customer({ name: "Di" }),
    ]);
    // Active since January: $49 a month, new in January.
    await subscribed(ana!.id, care!.id, { startedAt: at("2026-01-10T12:00:00Z") }, "2026-01-10T12:00:00Z");
    // Past due since March, at the $19.50 it was taken at: new in February.
    await subscribed(
      bo!.id,
      posts!.id,
      {
        status: "past_due",
        price: 19.5,
        startedAt: at("2026-02-05T12:00:00Z"),
        pastDueSince: at("2026-03-05T12:00:00Z"),
      },
      "2026-02-05T12:00:00Z",
    );
    // Taken in December, ended in February: ended in the period, not new in it.
    await subscribed(
      cy!.id,
      care!.id,
      { status: "ended", startedAt: at("2025-12-15T12:00:00Z"), endedAt: at("2026-02-20T12:00:00Z") },
      "2025-12-15T12:00:00Z",
    );
    // Taken and ended in March.
    await subscribed(
      cy!.id,
      posts!.id,
      { status: "ended", price: 19.5, startedAt: at("2026-03-10T12:00:00Z"), endedAt: at("2026-03-25T12:00:00Z") },
      "2026-03-10T12:00:00Z",
    );
    // A checkout never paid, waiting, and one the provider ended unpaid: neither revenue nor a plan sold or lost.
    await subscribed(di!.id, care!.id, { status: "incomplete", startedAt: at("2026-03-01T12:00:00Z") });
    await subscribed(di!.id, posts!.id, {
      status: "ended",
      startedAt: at("2026-01-20T12:00:00Z"),
      endedAt: at("2026-01-21T12:00:00Z"),
    });
    // Taken after the period at $30.25: today's revenue, not the period's new plans.
    await subscribed(
      ana!.id,
      posts!.id,
      { price: 30.25, startedAt: at("2026-04-02T12:00:00Z") },
      "2026-04-02T12:00:00Z",
    );

    const report = await getAnalytics(own.services, boss.user, {
      choice: "custom",
      from: "2026-01-01",
      to: "2026-03-31",
    });
    expect(report.plans).toEqual({
      monthlyRecurringRevenue: 49 + 19.5 + 30.25,
      pastDue: 1,
      months: [
        { month: "2026-01", started: 1, ended: 0 },
        { month: "2026-02", started: 1, ended: 1 },
        { month: "2026-03", started: 1, ended: 1 },
      ],
      started: 3,
      ended: 2,
    });
    // The charges are card revenue in the months they were paid.
    expect(report.revenue.map((month) => [month.month, month.card])).toEqual([
      ["2026-01", 49],
      ["2026-02", 19.5],
      ["2026-03", 19.5],
    ]);
  });
});

describe("the work queue's plans past due", () => {
  // A database of its own, so an admin's list is exactly these plans.
  const own = testApp();
  const NOW = new Date("2026-03-20T12:00:00Z");

  it("lists the plans past due, the longest failing first: every one for an admin, their own customers' for a staff member", async () => {
    const boss = await own.admin();
    const [care] = await own.db
      .insert(carePlans)
      .values({ nameEn: "Care", nameEs: "Cuidado", price: 49, stripeProductId: "prod_q", stripePriceId: "price_q" })
      .returning({ id: carePlans.id });
    const [ana, bo, cy] = await Promise.all([
      own.customer({ name: "Ana Late" }),
      own.customer({ name: "Bo Later" }),
      own.customer({ name: "Cy Fine" }),
    ]);
    const helper = await own.staff([bo!.id, cy!.id]);
    const subscribe = async (userId: string, values: Partial<typeof planSubscriptions.$inferInsert>) => {
      const [row] = await own.db
        .insert(planSubscriptions)
        .values({
          userId,
          planId: care!.id,
          price: 49,
          status: "active",
          stripeSubscriptionId: `sub_${randomUUID()}`,
          stripeCustomerId: `cus_${randomUUID()}`,
          stripePriceId: `price_${randomUUID()}`,
          ...values,
        })
        .returning({ id: planSubscriptions.id });
      return row!.id;
    };
    const boLate = await subscribe(bo!.id, {
      status: "past_due",
      price: 39.5,
      pastDueSince: new Date("2026-03-15T12:00:00Z"),
    });
    const anaLate = await subscribe(ana!.id, { status: "past_due", pastDueSince: new Date("2026-03-01T12:00:00Z") });
    // Paid, and ended: nothing to chase.
    await subscribe(cy!.id, {});
    await subscribe(cy!.id, { status: "ended", endedAt: new Date("2026-03-02T12:00:00Z") });

    const everyone = (await getWorkQueue(own.services, boss.user, { now: NOW })).pastDuePlans;
    expect(everyone).toEqual({
      total: 2,
      items: [
        {
          subscriptionId: anaLate,
          userId: ana!.id,
          customerName: "Ana Late",
          planName: "Care",
          amount: 49,
          pastDueSince: "2026-03-01T12:00:00.000Z",
        },
        {
          subscriptionId: boLate,
          userId: bo!.id,
          customerName: "Bo Later",
          planName: "Care",
          amount: 39.5,
          pastDueSince: "2026-03-15T12:00:00.000Z",
        },
      ],
    });
    // The oldest first, and the total counts every one when the list is cut.
    const first = (await getWorkQueue(own.services, boss.user, { now: NOW, limit: 1 })).pastDuePlans;
    expect(first).toMatchObject({ total: 2, items: [{ subscriptionId: anaLate }] });

    const theirs = (await getWorkQueue(own.services, helper.user, { now: NOW, locale: "es" })).pastDuePlans;
    expect(theirs).toEqual({
      total: 1,
      items: [expect.objectContaining({ subscriptionId: boLate, planName: "Cuidado" })],
    });
    // A staff member without customers has none.
    const lonely = await own.staff();
    expect((await getWorkQueue(own.services, lonely.user, { now: NOW })).pastDuePlans).toEqual({ total: 0, items: [] });
  });
});

describe("a plan's monthly charge", () => {
  it("is recorded completed without moving any service's activity: it pays no service", async () => {
    const owner = await app.customer({ name: "Dora Subscriber" });
    const id = await subscription(owner.id, await plan({ nameEn: "Care for Dora" }));
    const charge = await app.payment(owner.id, {
      serviceType: null,
      planSubscriptionId: id,
      amount: 49,
      paymentMethod: "card",
      proofUrl: null,
      status: "completed",
    });
    const [row] = await app.db.select().from(payments).where(eq(payments.id, charge));
    expect(row).toMatchObject({ status: "completed", receiptNumber: expect.any(Number) });
    expect(await app.db.select().from(serviceActivity).where(eq(serviceActivity.userId, owner.id))).toEqual([]);
  });
});
