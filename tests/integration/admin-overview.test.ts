import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { googleBusinessProgress, payments, websiteProgress } from "~db/schema";
import { activityQuery, listActivity } from "~/features/activity/list-activity.server";
import { getDashboardFigures } from "~/features/analytics/get-dashboard-figures.server";
import { listCustomers } from "~/features/users/list-customers.server";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { expectHttpError, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let admin: SignedIn;
let paying: SignedIn;
let fresh: SignedIn;

beforeAll(async () => {
  admin = await app.admin();
  paying = await app.customer({ name: "Paula Paid" });
  fresh = await app.customer({ name: "Nadia New" });
});

const DAY = 24 * 60 * 60 * 1000;

describe("the users list's Status column", () => {
  it("gives each listed customer their completed payments and done steps per service, in the page's one query", async () => {
    await app.payment(paying.id, { status: "completed" });
    await app.payment(paying.id, { serviceType: "website", amount: 350, paymentMethod: "card", status: "completed" });
    // A pending and a rejected payment are not paid.
    await app.payment(paying.id, { serviceType: "website", paymentNumber: 2, amount: 350 });
    await app.payment(fresh.id, { status: "rejected" });
    await app.db
      .insert(googleBusinessProgress)
      .values({ userId: paying.id, informationCollection: true, profileCreation: true, submittedVerification: true });
    await app.db
      .insert(websiteProgress)
      .values({ userId: paying.id, clientInfoReceived: true, domainHostingSetup: true });

    const spy = vi.spyOn(app.database.pool, "query");
    try {
      const { customers } = await listCustomers(app.database, admin.user, {
        search: "",
        activity: null,
        assigned: null,
        plan: null,
        page: 1,
      });
      const standing = Object.fromEntries(customers.map((row) => [row.id, row.standing]));
      expect(standing[paying.id]).toEqual({
        googleBusiness: { paid: 1, doneSteps: 3 },
        website: { paid: 1, doneSteps: 2 },
      });
      expect(standing[fresh.id]).toEqual({
        googleBusiness: { paid: 0, doneSteps: 0 },
        website: { paid: 0, doneSteps: 0 },
      });
      // The snapshot, the counters (after the writes above) and the page: no query per row.
      expect(spy.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("the admin dashboard's figures", () => {
  it("refuses anonymous (401) and a customer (403)", async () => {
    await expectHttpError(getDashboardFigures(app.database, null), 401);
    await expectHttpError(getDashboardFigures(app.database, paying.user), 403);
  });

  it("counts the revenue completed this UTC month and the jobs in progress", async () => {
    const now = new Date();
    const before = await getDashboardFigures(app.database, admin.user, { now });
    // Completed last month: not this month's.
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - DAY);
    const old = await app.payment(fresh.id, { status: "completed" });
    await app.db.update(payments).set({ completedAt: lastMonth }).where(eq(payments.id, old));
    const after = await getDashboardFigures(app.database, admin.user, { now });
    expect(after.revenueThisMonth).toBe(before.revenueThisMonth);
    // Paula's two completed payments ($250 + $350) were completed now.
    expect(before.revenueThisMonth).toBe(600);
    expect(before.inProgress).toBe(1);
    expect(before.monthStart).toBe(`${now.toISOString().slice(0, 7)}-01`);
  });
});

describe("the activity log's Admin filter", () => {
  it("offers the admins who appear in the log, never a customer who signed in", async () => {
    await recordAuditEvent(app.db, {
      actorId: paying.id,
      action: "account.sign-in",
      customerId: paying.id,
      detail: { outcome: "success" },
    });
    await recordAuditEvent(app.db, {
      actorId: admin.id,
      action: "note.create",
      customerId: paying.id,
      detail: { title: "Call back" },
    });
    const log = await listActivity(app.database, admin.user, { ...activityQuery(new URLSearchParams()) });
    expect(log.admins.map((person) => person.id)).toEqual([admin.id]);
    expect(log.customers.map((person) => person.id)).toContain(paying.id);
  });
});
