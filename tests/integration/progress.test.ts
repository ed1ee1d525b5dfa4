import { randomUUID } from "node:crypto";
import { and, eq, inArray, notLike } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, googleBusinessProgress, notifications, websiteProgress } from "~db/schema";
import { deleteProgressRecord } from "~/features/progress/delete-progress-record.server";
import { getCustomerProgress } from "~/features/progress/get-customer-progress.server";
import { getOwnProgress } from "~/features/progress/get-own-progress.server";
import { toggleProgressStep } from "~/features/progress/toggle-progress-step.server";
import { listCustomers } from "~/features/users/list-customers.server";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { SessionUser } from "~/lib/auth/session";
import { loader as progressLoader } from "~/routes/dashboard/progress";
import { action as detailAction, loader as detailLoader } from "~/routes/admin/user-detail/service";
import {
  behindAdminGuard,
  expectHttpError,
  formPost,
  routeAnswer,
  routeContext,
  SITE_URL,
  type SignedIn,
} from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;
let admin: SignedIn;
let secondAdmin: SignedIn;

const byTable = (changes: Change[]) => [...changes].sort((x, y) => x.table.localeCompare(y.table));

async function progressNotifications(userId: string) {
  return app.db
    .select({
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      isRead: notifications.isRead,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.type, ["google_business_progress", "website_progress"]),
      ),
    );
}

/** The audit rows actions wrote (account-security events, such as the test users' sign-ins, left out). */
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

const googleRow = async (userId: string) =>
  (await app.db.select().from(googleBusinessProgress).where(eq(googleBusinessProgress.userId, userId)))[0];
const websiteRow = async (userId: string) =>
  (await app.db.select().from(websiteProgress).where(eq(websiteProgress.userId, userId)))[0];

beforeAll(async () => {
  customerA = await app.customer({ name: "Alex A" });
  customerB = await app.customer({ name: "Blair B" });
  admin = await app.admin();
  secondAdmin = await app.admin();
});

beforeEach(async () => {
  await app.db.delete(googleBusinessProgress);
  await app.db.delete(websiteProgress);
  await app.db.delete(notifications);
  await app.db.delete(auditEvents);
  await app.deliveredChanges();
});

describe("who may read and change progress", () => {
  it("a customer reads only their own records; another customer's stay out of reach", async () => {
    await toggleProgressStep(app.services, admin.user, {
      userId: customerA.id,
      service: "google_business",
      step: "profileCreation",
      done: true,
    });

    const own = await getOwnProgress(app.database, customerA.user);
    expect(own.google_business?.steps).toMatchObject({ profileCreation: true, informationCollection: false });
    expect(own.website).toBeNull();
    // B's own read is B's: A's record is not in it.
    expect(await getOwnProgress(app.database, customerB.user)).toEqual({ google_business: null, website: null });
    // The admin read of a customer is for admins only, whoever's id is asked for.
    await expectHttpError(getCustomerProgress(app.database, customerB.user, { userId: customerA.id }), 403);
    await expectHttpError(getCustomerProgress(app.database, customerA.user, { userId: customerA.id }), 403);
    await expectHttpError(getCustomerProgress(app.database, null, { userId: customerA.id }), 401);
    await expectHttpError(getOwnProgress(app.database, null), 401);
    expect(
      (await getCustomerProgress(app.database, admin.user, { userId: customerA.id })).google_business?.steps
        .profileCreation,
    ).toBe(true);
  });

  it("customers cannot toggle at all, their own or another's (403); anonymous gets 401; nothing is written or published", async () => {
    const input = { userId: customerA.id, service: "google_business", step: "profileCreation", done: true } as const;
    await expectHttpError(toggleProgressStep(app.services, customerB.user, input), 403);
    await expectHttpError(toggleProgressStep(app.services, customerA.user, input), 403);
    await expectHttpError(toggleProgressStep(app.services, null, input), 401);
    expect(await googleRow(customerA.id)).toBeUndefined();
    expect(await progressNotifications(customerA.id)).toEqual([]);
    expect(await auditRows()).toEqual([]);
    expect(await app.deliveredChanges()).toEqual([]);
  });

  it("an unknown customer, an admin's id or a malformed id answers 404; a step of the other service 400", async () => {
    await expectHttpError(
      toggleProgressStep(app.services, admin.user, {
        userId: randomUUID(),
        service: "website",
        step: "websiteLaunch",
        done: true,
      }),
      404,
    );
    await expectHttpError(
      toggleProgressStep(app.services, admin.user, {
        userId: secondAdmin.id,
        service: "website",
        step: "websiteLaunch",
        done: true,
      }),
      404,
    );
    await expectHttpError(
      toggleProgressStep(app.services, admin.user, {
        userId: "nope",
        service: "website",
        step: "websiteLaunch",
        done: true,
      }),
      404,
    );
    await expectHttpError(
      toggleProgressStep(app.services, admin.user, {
        userId: customerA.id,
        service: "google_business",
        step: "websiteLaunch",
        done: true,
      }),
      400,
    );
    expect(await auditRows()).toEqual([]);
  });
});

describe("an admin toggling a step", () => {
  it("creates the missing record, notifies the customer naming the step, audits it and publishes after the commit", async () => {
    expect(
      await toggleProgressStep(app.services, admin.user, {
        userId: customerA.id,
        service: "google_business",
        step: "profileCreation",
        done: true,
      }),
    ).toEqual({ done: true, notified: true });
    expect(await googleRow(customerA.id)).toMatchObject({
      profileCreation: true,
      informationCollection: false,
      seoLocalSetup: false,
    });
    expect(await progressNotifications(customerA.id)).toEqual([
      {
        type: "google_business_progress",
        title: "Profile Creation is complete",
        message: "Profile Creation is complete on your Google Business Profile.",
        isRead: false,
      },
    ]);
    expect(await auditRows()).toEqual([
      {
        actorId: admin.id,
        action: "progress.toggle",
        customerId: customerA.id,
        detail: { service: "google_business", step: "profileCreation", done: true, wasDone: false },
      },
    ]);
    expect(byTable(await app.deliveredChanges())).toEqual([
      { table: "google_business_progress", userId: customerA.id },
      { table: "notifications", userId: customerA.id },
    ]);
    expect(await progressNotifications(customerB.id)).toEqual([]);
  });

  it("re-marking a done step sends no second notification; unmarking sends none; each toggle is audited", async () => {
    const tick = (done: boolean) =>
      toggleProgressStep(app.services, admin.user, {
        userId: customerA.id,
        service: "website",
        step: "designLayout",
        done,
      });
    expect(await tick(true)).toEqual({ done: true, notified: true });
    expect(await tick(true)).toEqual({ done: true, notified: false });
    expect(await tick(false)).toEqual({ done: false, notified: false });
    expect(await websiteRow(customerA.id)).toMatchObject({ designLayout: false, currentStep: 0 });
    expect(await progressNotifications(customerA.id)).toEqual([
      {
        type: "website_progress",
        title: "Design & Layout Creation is complete",
        message: "Design & Layout Creation is complete on your website.",
        isRead: false,
      },
    ]);
    expect((await auditRows()).map((row) => [row.action, row.detail.done, row.detail.wasDone])).toEqual([
      ["progress.toggle", true, false],
      ["progress.toggle", true, true],
      ["progress.toggle", false, true],
    ]);
    // Unmarking publishes the record's change, and no notification.
    const changes = await app.deliveredChanges();
    expect(changes.filter((change) => change.table === "notifications")).toHaveLength(1);
    expect(changes.filter((change) => change.table === "website_progress")).toHaveLength(3);
  });

  it("keeps the website's current_step equal to its done steps, from a record created at 0", async () => {
    for (const step of ["clientInfoReceived", "domainHostingSetup", "planningStructure"] as const) {
      await toggleProgressStep(app.services, admin.user, {
        userId: customerA.id,
        service: "website",
        step,
        done: true,
      });
    }
    expect(await websiteRow(customerA.id)).toMatchObject({
      currentStep: 3,
      clientInfoReceived: true,
      websiteLaunch: false,
    });
    const own = await getOwnProgress(app.database, customerA.user);
    expect(Object.values(own.website!.steps).filter(Boolean)).toHaveLength(3);
  });

  it("two admins ticking different steps of one customer at the same moment: both stick, both notify", async () => {
    await Promise.all([
      toggleProgressStep(app.services, admin.user, {
        userId: customerA.id,
        service: "google_business",
        step: "informationCollection",
        done: true,
      }),
      toggleProgressStep(app.services, secondAdmin.user, {
        userId: customerA.id,
        service: "google_business",
        step: "submittedVerification",
        done: true,
      }),
      toggleProgressStep(app.services, admin.user, {
        userId: customerA.id,
        service: "website",
        step: "websiteLaunch",
        done: true,
      }),
      toggleProgressStep(app.services, secondAdmin.user, {
        userId: customerA.id,
        service: "website",
        step: "seoOptimization",
        done: true,
      }),
    ]);
    expect(await googleRow(customerA.id)).toMatchObject({
      informationCollection: true,
      submittedVerification: true,
      profileCreation: false,
    });
    expect(await websiteRow(customerA.id)).toMatchObject({
      websiteLaunch: true,
      seoOptimization: true,
      currentStep: 2,
    });
    expect((await progressNotifications(customerA.id)).map((row) => row.title).sort()).toEqual([
      "Information Collection is complete",
      "SEO Optimization Setup is complete",
      "Submitted for Verification is complete",
      "Website Launch is complete",
    ]);
  });

  it("two admins marking the same step done at the same moment: the customer hears of it once", async () => {
    const input = {
      userId: customerA.id,
      service: "google_business",
      step: "verificationCompleted",
      done: true,
    } as const;
    const results = await Promise.all([
      toggleProgressStep(app.services, admin.user, input),
      toggleProgressStep(app.services, secondAdmin.user, input),
    ]);
    expect(results.map((result) => result.notified).sort()).toEqual([false, true]);
    expect(await progressNotifications(customerA.id)).toHaveLength(1);
  });
});

describe("a checklist that reads in order, with the day each step was done", () => {
  it("with withEarlier, marks the earlier steps not yet done too, each dated, notified and audited", async () => {
    await toggleProgressStep(app.services, admin.user, {
      userId: customerA.id,
      service: "google_business",
      step: "profileCreation",
      done: true,
    });
    const before = (await googleRow(customerA.id))!.stepDates.profileCreation;
    await toggleProgressStep(app.services, admin.user, {
      userId: customerA.id,
      service: "google_business",
      step: "verificationCompleted",
      done: true,
      withEarlier: true,
    });
    const row = (await googleRow(customerA.id))!;
    expect(row).toMatchObject({
      informationCollection: true,
      profileCreation: true,
      submittedVerification: true,
      verificationCompleted: true,
      profileOptimization: false,
    });
    expect(Object.keys(row.stepDates).sort()).toEqual([
      "informationCollection",
      "profileCreation",
      "submittedVerification",
      "verificationCompleted",
    ]);
    // A step already done keeps its first date; the product marked none of these.
    expect(row.stepDates.profileCreation).toEqual(before);
    expect(
      Object.values(row.stepDates).every((date) => date.auto === false && !Number.isNaN(Date.parse(date.at))),
    ).toBe(true);
    // One notice per step that became done (the one already done is not announced again).
    expect(await progressNotifications(customerA.id)).toHaveLength(4);
    expect((await auditRows()).filter((event) => event.action === "progress.toggle")).toHaveLength(5);
    // Without it, only the step asked for is written.
    await toggleProgressStep(app.services, admin.user, {
      userId: customerA.id,
      service: "website",
      step: "websiteLaunch",
      done: true,
    });
    expect(await websiteRow(customerA.id)).toMatchObject({
      currentStep: 1,
      clientInfoReceived: false,
      websiteLaunch: true,
    });
  });

  it("unmarking forgets the step's date; the customer's and the admin's reads carry the dates of done steps only", async () => {
    for (const step of ["clientInfoReceived", "domainHostingSetup"] as const) {
      await toggleProgressStep(app.services, admin.user, {
        userId: customerA.id,
        service: "website",
        step,
        done: true,
      });
    }
    await toggleProgressStep(app.services, admin.user, {
      userId: customerA.id,
      service: "website",
      step: "domainHostingSetup",
      done: false,
    });
    expect(Object.keys((await websiteRow(customerA.id))!.stepDates)).toEqual(["clientInfoReceived"]);
    const own = await getOwnProgress(app.database, customerA.user);
    expect(Object.keys(own.website!.doneAt)).toEqual(["clientInfoReceived"]);
    const seen = await getCustomerProgress(app.database, admin.user, { userId: customerA.id });
    expect(seen.website!.doneAt.clientInfoReceived).toMatchObject({ auto: false });
  });
});

describe("the admin counters follow the records", () => {
  it("a customer goes from Inactive to In Progress to Active as steps are ticked, and back when unticked", async () => {
    const activityOfA = async () => {
      const { customers, counters } = await listCustomers(app.database, admin.user);
      return { activity: customers.find((customer) => customer.id === customerA.id)!.activity, counters };
    };
    expect(await activityOfA()).toEqual({
      activity: "inactive",
      counters: { total: 2, active: 0, inactive: 2, inProgress: 0 },
    });
    const tick = (step: "verificationCompleted" | "seoLocalSetup", done = true) =>
      toggleProgressStep(app.services, admin.user, { userId: customerA.id, service: "google_business", step, done });
    await tick("verificationCompleted");
    expect(await activityOfA()).toEqual({
      activity: "in_progress",
      counters: { total: 2, active: 0, inactive: 1, inProgress: 1 },
    });
    await tick("seoLocalSetup");
    expect(await activityOfA()).toEqual({
      activity: "active",
      counters: { total: 2, active: 1, inactive: 1, inProgress: 0 },
    });
    await tick("seoLocalSetup", false);
    expect((await activityOfA()).activity).toBe("in_progress");
    // Unticking everything keeps the record: the customer stays in progress (a record counts, done or not).
    await tick("verificationCompleted", false);
    expect((await activityOfA()).activity).toBe("in_progress");
    // The website launched is enough on its own.
    await toggleProgressStep(app.services, admin.user, {
      userId: customerB.id,
      service: "website",
      step: "websiteLaunch",
      done: true,
    });
    expect((await listCustomers(app.database, admin.user)).counters).toEqual({
      total: 2,
      active: 1,
      inactive: 0,
      inProgress: 1,
    });
  });
});

describe("deleting a record", () => {
  it("publishes the change for the customer, whose read then has no record for that service", async () => {
    await toggleProgressStep(app.services, admin.user, {
      userId: customerA.id,
      service: "website",
      step: "designLayout",
      done: true,
    });
    await app.deliveredChanges();
    const { deleted, changes } = await app.db.transaction((tx) =>
      deleteProgressRecord(tx, { userId: customerA.id, service: "website" }),
    );
    expect(deleted).toBe(true);
    await publishChanges(app.services.bus, changes);
    expect(await app.deliveredChanges()).toEqual([{ table: "website_progress", userId: customerA.id }]);
    expect((await getOwnProgress(app.database, customerA.user)).website).toBeNull();
    // Nothing to delete: nothing to publish.
    expect(await deleteProgressRecord(app.db, { userId: customerA.id, service: "website" })).toEqual({
      deleted: false,
      changes: [],
    });
  });
});

describe("the routes", () => {
  function context(user: SessionUser | null, headers?: Headers) {
    return routeContext(app.services, user, headers);
  }

  /** The action's arguments called directly, past the admin layout's guard. */
  function detailArgs(user: SessionUser | null, fields: Record<string, string>, userId = customerA.id) {
    const request = formPost(`/admin/users/${userId}/google-business`, fields);
    return { request, context: context(user, request.headers), params: { userId } };
  }

  /** The request as the framework runs it: the admin layout's middleware first, then the action. */
  const post = (user: SessionUser | null, fields: Record<string, string>, cookie?: string) =>
    behindAdminGuard(
      app.services,
      user,
      formPost(`/admin/users/${customerA.id}/google-business`, fields, cookie),
      detailAction,
      { userId: customerA.id },
    );

  const tickProfileCreation = { intent: "progress", service: "google_business", step: "profileCreation", done: "on" };

  it("the customer's progress page loads the payments and the customer's own records", async () => {
    await toggleProgressStep(app.services, admin.user, {
      userId: customerA.id,
      service: "google_business",
      step: "profileCreation",
      done: true,
    });
    const args = {
      request: new Request(`${SITE_URL}/dashboard/progress`),
      context: context(customerA.user),
      params: {},
    };
    const loaded = await progressLoader(args as never);
    expect(loaded.payments).toEqual([]);
    expect(loaded.progress).toMatchObject({
      ok: true,
      progress: { google_business: { steps: { profileCreation: true } }, website: null },
    });
    const forB = await progressLoader({ ...args, context: context(customerB.user) } as never);
    expect(forB.progress).toEqual({ ok: true, progress: { google_business: null, website: null } });
  });

  it("the admin guard stops anonymous and customers before the toggle runs; past it the use case still refuses", async () => {
    const anonymous = await post(null, tickProfileCreation);
    expect(anonymous).toEqual({ guardedBy: "/admin/login" });
    const customer = await post(customerB.user, tickProfileCreation, customerB.cookie);
    expect((customer as { guardedBy: string }).guardedBy).toMatch(/^\/admin\/login\?/);

    expect(routeAnswer(await detailAction(detailArgs(customerB.user, tickProfileCreation) as never))).toEqual({
      status: 403,
      body: { ok: false, error: "Failed to update progress" },
    });
    expect(routeAnswer(await detailAction(detailArgs(null, tickProfileCreation) as never))).toMatchObject({
      status: 401,
    });
    expect(await googleRow(customerA.id)).toBeUndefined();
    expect(await auditRows()).toEqual([]);
  });

  it("an admin toggles through the action ('Progress updated'); a bad step answers 'Failed to update progress'", async () => {
    expect(await post(admin.user, tickProfileCreation)).toEqual({
      status: 200,
      body: { ok: true, title: "Progress updated" },
    });
    expect(await googleRow(customerA.id)).toMatchObject({ profileCreation: true });
    const { done: _done, ...untick } = tickProfileCreation;
    expect(await post(admin.user, untick)).toEqual({ status: 200, body: { ok: true, title: "Progress updated" } });
    expect(await googleRow(customerA.id)).toMatchObject({ profileCreation: false });
    expect(await post(admin.user, { ...tickProfileCreation, step: "websiteLaunch" })).toEqual({
      status: 400,
      body: { ok: false, error: "Failed to update progress" },
    });
    expect(await progressNotifications(customerA.id)).toHaveLength(1);

    const tab = (name: string) =>
      detailLoader({
        request: new Request(`${SITE_URL}/admin/users/${customerA.id}/${name}`),
        context: context(admin.user),
        params: { userId: customerA.id },
      } as never);
    expect((await tab("google-business")).progress).toMatchObject({
      ok: true,
      record: { steps: { profileCreation: false } },
    });
    expect((await tab("website")).progress).toEqual({ ok: true, record: null });
  });

  it("an unknown customer in the URL answers 404 with 'Failed to update progress'", async () => {
    const args = detailArgs(admin.user, tickProfileCreation, randomUUID());
    expect(routeAnswer(await detailAction(args as never))).toEqual({
      status: 404,
      body: { ok: false, error: "Failed to update progress" },
    });
  });
});
