import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { googleBusinessProgress, payments, websiteProgress } from "~db/schema";
import { activityQuery, listActivity } from "~/features/activity/list-activity.server";
import { getDashboardFigures } from "~/features/analytics/get-dashboard-figures.server";
import { listCustomers } from "~/features/users/list-customers.server";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { expectHttpError, makeAdmin, signUpCustomer, testDatabase, testServices, type SignedIn, type TestDatabase, type TestServices } from "./support";

let database: TestDatabase;
let services: TestServices;
let admin: SignedIn;
let paying: SignedIn;
let fresh: SignedIn;

beforeAll(async () => {
  database = await testDatabase();
  services = await testServices(database);
  admin = await makeAdmin(services);
  paying = await signUpCustomer(services, { name: "Paula Paid" });
  fresh = await signUpCustomer(services, { name: "Nadia New" });
});

afterAll(async () => {
  await services?.close();
  await database?.close();
});

const DAY = 24 * 60 * 60 * 1000;

describe("the users list's Status column", () => {
  it("gives each listed customer their completed payments and done steps per service, in the page's one query", async () => {
    await database.db.insert(payments).values([
      { userId: paying.id, serviceType: "google_business", paymentNumber: 1, amount: 250, paymentMethod: "zelle", status: "completed" },
      { userId: paying.id, serviceType: "website", paymentNumber: 1, amount: 350, paymentMethod: "card", status: "completed" },
      // A pending and a rejected payment are not paid.
      { userId: paying.id, serviceType: "website", paymentNumber: 2, amount: 350, paymentMethod: "zelle", status: "pending" },
      { userId: fresh.id, serviceType: "google_business", paymentNumber: 1, amount: 250, paymentMethod: "zelle", status: "rejected" },
    ]);
    await database.db.insert(googleBusinessProgress).values({ userId: paying.id, informationCollection: true, profileCreation: true, submittedVerification: true });
    await database.db.insert(websiteProgress).values({ userId: paying.id, clientInfoReceived: true, domainHostingSetup: true });

    const spy = vi.spyOn(database.pool, "query");
    try {
      const { customers } = await listCustomers(database, admin.user, { search: "", activity: null, assigned: null, page: 1 });
      const standing = Object.fromEntries(customers.map((row) => [row.id, row.standing]));
      expect(standing[paying.id]).toEqual({ googleBusiness: { paid: 1, doneSteps: 3 }, website: { paid: 1, doneSteps: 2 } });
      expect(standing[fresh.id]).toEqual({ googleBusiness: { paid: 0, doneSteps: 0 }, website: { paid: 0, doneSteps: 0 } });
      // The snapshot, the counters (after the writes above) and the page: no query per row.
      expect(spy.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("the admin dashboard's figures", () => {
  it("refuses anonymous (401) and a customer (403)", async () => {
    await expectHttpError(getDashboardFigures(database, null), 401);
    await expectHttpError(getDashboardFigures(database, paying.user), 403);
  });

  it("counts the revenue completed this UTC month and the jobs in progress", async () => {
    const now = new Date();
    const before = await getDashboardFigures(database, admin.user, { now });
    // Completed last month: not this month's.
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - DAY);
    const [old] = await database.db
      .insert(payments)
      .values({ userId: fresh.id, serviceType: "google_business", paymentNumber: 1, amount: 250, paymentMethod: "zelle", status: "completed" })
      .returning({ id: payments.id });
    await database.db.update(payments).set({ completedAt: lastMonth }).where(eq(payments.id, old!.id));
    const after = await getDashboardFigures(database, admin.user, { now });
    expect(after.revenueThisMonth).toBe(before.revenueThisMonth);
    // Paula's two completed payments ($250 + $350) were completed now.
    expect(before.revenueThisMonth).toBe(600);
    expect(before.inProgress).toBe(1);
    expect(before.monthStart).toBe(`${now.toISOString().slice(0, 7)}-01`);
  });
});

describe("the activity log's Admin filter", () => {
  it("offers the admins who appear in the log, never a customer who signed in", async () => {
    await recordAuditEvent(database.db, { actorId: paying.id, action: "account.sign-in", customerId: paying.id, detail: { outcome: "success" } });
    await recordAuditEvent(database.db, { actorId: admin.id, action: "note.create", customerId: paying.id, detail: { title: "Call back" } });
    const log = await listActivity(database, admin.user, { ...activityQuery(new URLSearchParams()) });
    expect(log.admins.map((person) => person.id)).toEqual([admin.id]);
    expect(log.customers.map((person) => person.id)).toContain(paying.id);
  });
});
