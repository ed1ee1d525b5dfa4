import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { googleBusinessInfo, googleBusinessProgress, profiles, websiteProgress } from "~db/schema";
import { getCustomer } from "~/features/users/get-customer.server";
import { listCustomers } from "~/features/users/list-customers.server";
import type { SessionUser } from "~/lib/auth/session";
import { middleware as adminGuard } from "~/routes/admin/layout";
import { loader as usersLoader } from "~/routes/admin/users";
import { loader as customerLoader } from "~/routes/admin/user-detail/layout";
import { loader as paymentsLoader } from "~/routes/admin/user-detail/payments";
import { cookieFrom, expectHttpError, signIn, type SignedIn, routeContext } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let admin: SignedIn;
/** Customers in sign-up order; the list shows them newest first. */
let customers: SignedIn[];

beforeAll(async () => {
  admin = await app.admin();
  customers = [];
  const names = ["Ivy Inactive", "Gail Google", "Wes Website", "Ian Info", "Pat Partial"];
  for (const [i, name] of names.entries()) {
    const customer = await app.customer({ name, companyName: i === 0 ? null : `${name} LLC` });
    // Registration moments a minute apart, so the order does not depend on the clock's resolution.
    await app.db
      .update(profiles)
      .set({ createdAt: new Date(Date.parse("2026-03-01T10:00:00Z") + i * 60_000) })
      .where(eq(profiles.id, customer.id));
    customers.push(customer);
  }
  const [, gail, wes, ian, pat] = customers as [SignedIn, SignedIn, SignedIn, SignedIn, SignedIn];
  const { db } = app;
  // Active through Google: verified and local SEO set up.
  await db.insert(googleBusinessProgress).values({ userId: gail.id, verificationCompleted: true, seoLocalSetup: true });
  // Active through the website: launched (the Google side has a record too, unfinished).
  await db.insert(websiteProgress).values({ userId: wes.id, currentStep: 8, websiteLaunch: true });
  await db.insert(googleBusinessProgress).values({ userId: wes.id, profileCreation: true });
  // In progress: Google information submitted, no progress record.
  await db.insert(googleBusinessInfo).values({ userId: ian.id, legalBusinessName: "Ian's Roofing" });
  // In progress: verified but local SEO not done; a website record not launched.
  await db.insert(googleBusinessProgress).values({ userId: pat.id, verificationCompleted: true });
  await db.insert(websiteProgress).values({ userId: pat.id, currentStep: 3, clientInfoReceived: true });
});

describe("listCustomers", () => {
  it("refuses anonymous (401) and customers (403)", async () => {
    await expectHttpError(listCustomers(app.database, null), 401);
    await expectHttpError(listCustomers(app.database, customers[0]!.user), 403);
  });

  it("gives an admin every customer newest first, without admins, with their details", async () => {
    const { customers: listed } = await listCustomers(app.database, admin.user);
    expect(listed.map((customer) => customer.fullName)).toEqual([
      "Pat Partial",
      "Ian Info",
      "Wes Website",
      "Gail Google",
      "Ivy Inactive",
    ]);
    expect(listed.map((customer) => customer.id)).not.toContain(admin.id);
    // The admin account has a profile row too; it is the role that leaves it out.
    expect(await app.db.select().from(profiles).where(eq(profiles.id, admin.id))).toHaveLength(1);
    expect(listed[0]).toEqual({
      id: customers[4]!.id,
      fullName: "Pat Partial",
      email: customers[4]!.email,
      phone: "(555) 123-4567",
      companyName: "Pat Partial LLC",
      avatarUrl: null,
      createdAt: "2026-03-01T10:04:00.000Z",
      activity: "in_progress",
      unreadMessages: 0,
      assignedTo: [],
      standing: { googleBusiness: { paid: 0, doneSteps: 1 }, website: { paid: 0, doneSteps: 1 } },
    });
    expect(listed[4]!.companyName).toBeNull();
  });

  it("counts active, inactive and in-progress customers", async () => {
    const { customers: listed, counters } = await listCustomers(app.database, admin.user);
    expect(counters).toEqual({ total: 5, active: 2, inactive: 1, inProgress: 2 });
    expect(listed.map((customer) => [customer.fullName, customer.activity])).toEqual([
      ["Pat Partial", "in_progress"],
      ["Ian Info", "in_progress"],
      ["Wes Website", "active"],
      ["Gail Google", "active"],
      ["Ivy Inactive", "inactive"],
    ]);
  });

  it("does not count a second admin as a customer", async () => {
    const second = await app.admin();
    const { customers: listed, counters } = await listCustomers(app.database, second.user);
    expect(listed).toHaveLength(5);
    expect(counters.total).toBe(5);
  });
});

describe("getCustomer", () => {
  it("refuses anonymous (401) and customers (403), even for their own id", async () => {
    await expectHttpError(getCustomer(app.database, null, { userId: customers[0]!.id }), 401);
    await expectHttpError(getCustomer(app.database, customers[0]!.user, { userId: customers[0]!.id }), 403);
  });

  it("gives an admin the customer, and 404 for an unknown id, a malformed id or an admin's id", async () => {
    expect(await getCustomer(app.database, admin.user, { userId: customers[1]!.id })).toMatchObject({
      fullName: "Gail Google",
      email: customers[1]!.email,
    });
    await expectHttpError(getCustomer(app.database, admin.user, { userId: randomUUID() }), 404);
    await expectHttpError(getCustomer(app.database, admin.user, { userId: "not-a-uuid" }), 404);
    await expectHttpError(getCustomer(app.database, admin.user, { userId: admin.id }), 404);
  });
});

describe("the admin routes", () => {
  function argsFor(user: SessionUser | null, path: string, params: Record<string, string> = {}, cookie?: string) {
    const headers = new Headers(cookie ? { cookie } : {});
    return {
      request: new Request(`http://localhost:3000${path}`, { headers }),
      context: routeContext(app.services, user, headers),
      params,
    };
  }

  /** Runs the admin layout's guard as the framework does before any admin loader; returns what was thrown, if anything. */
  async function guard(user: SessionUser | null, cookie?: string): Promise<{ nextCalled: boolean; thrown: unknown }> {
    let nextCalled = false;
    const next = async () => {
      nextCalled = true;
      return new Response("page");
    };
    try {
      await adminGuard[0]!(argsFor(user, "/admin/users", {}, cookie) as never, next as never);
      return { nextCalled, thrown: undefined };
    } catch (thrown) {
      return { nextCalled, thrown };
    }
  }

  it("the layout guard sends anonymous to the admin login and signs a customer out with Access Denied", async () => {
    const anonymous = await guard(null);
    expect(anonymous.nextCalled).toBe(false);
    expect((anonymous.thrown as Response).status).toBe(302);
    expect((anonymous.thrown as Response).headers.get("location")).toBe("/admin/login");

    // A session of its own, since the guard ends it.
    const customer = customers[0]!;
    const cookie = cookieFrom(await signIn(app.services, customer.email, customer.password));
    const denied = await guard(customer.user, cookie);
    expect(denied.nextCalled).toBe(false);
    expect((denied.thrown as Response).headers.get("location")).toMatch(/^\/admin\/login\?/);

    expect(await guard(admin.user)).toEqual({ nextCalled: true, thrown: undefined });
  });

  it("the users page loader returns the list and counters; the detail loader the customer, or a 404 response", async () => {
    const list = await usersLoader(argsFor(admin.user, "/admin/users") as never);
    expect(list.init?.status).toBe(200);
    expect(list.data.customers).toHaveLength(5);
    expect(list.data.counters.total).toBe(5);
    expect(list.data.error).toBeNull();

    // The list's state comes from the address.
    const searched = await usersLoader(argsFor(admin.user, "/admin/users?q=wes&status=active") as never);
    expect(searched.data.customers.map((customer) => customer.fullName)).toEqual(["Wes Website"]);
    expect(searched.data.query).toEqual({ search: "wes", activity: "active", assigned: null, plan: null, page: 1 });

    // A bad address is answered with the whole list and a message, status 400, not a failure.
    const bad = await usersLoader(
      argsFor(admin.user, `/admin/users?q=${"x".repeat(101)}&status=asleep&page=-2`) as never,
    );
    expect(bad.init?.status).toBe(400);
    expect(bad.data.error).toBe(
      "Search must be 100 characters or fewer. Unknown filter: choose Total Users, Active, Inactive or In Progress. Page must be a whole number of 1 or more",
    );
    expect(bad.data.customers).toHaveLength(5);

    const wes = customers[2]!.id;
    const detail = await customerLoader(argsFor(admin.user, `/admin/users/${wes}`, { userId: wes }) as never);
    expect(detail.customer.fullName).toBe("Wes Website");
    const payments = await paymentsLoader(argsFor(admin.user, `/admin/users/${wes}`, { userId: wes }) as never);
    expect(payments.payments).toEqual([]);

    const missing = await customerLoader(argsFor(admin.user, "/admin/users/x", { userId: randomUUID() }) as never).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(missing).toMatchObject({ type: "DataWithResponseInit", data: "Customer not found", init: { status: 404 } });
  });
});
