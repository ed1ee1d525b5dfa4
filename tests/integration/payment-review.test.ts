import { randomUUID } from "node:crypto";
import { and, eq, notLike } from "drizzle-orm";
import pg from "pg";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditEvents, notifications, payments } from "~db/schema";
import { decidePayment } from "~/features/payments/review/decide-payment.server";
import { listPaymentsForReview } from "~/features/payments/review/list-payments-for-review.server";
import { AppError } from "~/lib/http/app-error";
import type { Change } from "~/lib/realtime/realtime";
import type { SessionUser } from "~/lib/auth/session";
import { action as detailAction, loader as detailLoader } from "~/routes/admin/user-detail/payments";
import { behindAdminGuard, formPost, refusal, routeAnswer, routeContext, SITE_URL, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;
let admin: SignedIn;
let secondAdmin: SignedIn;

const byTable = (changes: Change[]) => [...changes].sort((x, y) => x.table.localeCompare(y.table));

async function paymentRow(id: string) {
  const [row] = await app.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function paymentNotifications(userId: string) {
  return app.db
    .select({
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      isRead: notifications.isRead,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "payment")));
}

beforeAll(async () => {
  customerA = await app.customer({ name: "Alex A" });
  customerB = await app.customer({ name: "Blair B" });
  admin = await app.admin();
  secondAdmin = await app.admin();
});

beforeEach(async () => {
  await app.db.delete(payments);
  await app.db.delete(notifications);
  await app.db.delete(auditEvents);
  await app.deliveredChanges();
});

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

describe("who may decide", () => {
  it("customers get 403 for their own and others' payments, anonymous 401; nothing changes or is published", async () => {
    const aPayment = await app.payment(customerA.id);
    const bPayment = await app.payment(customerB.id, { serviceType: "website", amount: 350 });
    for (const paymentId of [aPayment, bPayment]) {
      for (const decision of ["approve", "reject"] as const) {
        expect((await refusal(decidePayment(app.services, customerA.user, { paymentId, decision }))).status).toBe(403);
        expect((await refusal(decidePayment(app.services, customerB.user, { paymentId, decision }))).status).toBe(403);
        expect((await refusal(decidePayment(app.services, null, { paymentId, decision }))).status).toBe(401);
      }
    }
    expect((await paymentRow(aPayment)).status).toBe("pending");
    expect((await paymentRow(bPayment)).status).toBe("pending");
    expect(await app.db.select().from(notifications)).toEqual([]);
    // A refused decision leaves no audit event.
    expect(await auditRows()).toEqual([]);
    expect(await app.deliveredChanges()).toEqual([]);
  });

  it("customers cannot list another customer's payments for review, nor their own", async () => {
    await app.payment(customerA.id);
    expect((await refusal(listPaymentsForReview(app.services, customerB.user, { userId: customerA.id }))).status).toBe(
      403,
    );
    expect((await refusal(listPaymentsForReview(app.services, customerA.user, { userId: customerA.id }))).status).toBe(
      403,
    );
    expect((await refusal(listPaymentsForReview(app.services, null, { userId: customerA.id }))).status).toBe(401);
    expect((await refusal(listPaymentsForReview(app.services, admin.user, { userId: "not-an-id" }))).code).toBe(
      "customer_not_found",
    );
  });
});

describe("an admin deciding", () => {
  it("lists a customer's payments newest first, only that customer's", async () => {
    const older = await app.payment(customerA.id, {
      serviceType: "website",
      amount: 350,
      createdAt: new Date("2026-02-01T10:00:00Z"),
    });
    const newer = await app.payment(customerA.id, { createdAt: new Date("2026-02-02T10:00:00Z") });
    await app.payment(customerB.id);
    const listed = await listPaymentsForReview(app.services, admin.user, { userId: customerA.id });
    expect(listed.map((payment) => payment.id)).toEqual([newer, older]);
    expect(listed[1]).toMatchObject({
      serviceType: "website",
      paymentNumber: 1,
      amount: 350,
      paymentMethod: "zelle",
      status: "pending",
      adminNotes: null,
      createdAt: "2026-02-01T10:00:00.000Z",
    });
  });

  it("approves with a note: stored trimmed, the customer notified with it, the changes published", async () => {
    const paymentId = await app.payment(customerA.id);
    const decided = await decidePayment(app.services, admin.user, {
      paymentId,
      decision: "approve",
      notes: "  Matches the bank record \n",
    });
    expect(decided).toMatchObject({ id: paymentId, status: "completed", adminNotes: "Matches the bank record" });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "completed", adminNotes: "Matches the bank record" });
    expect(await paymentNotifications(customerA.id)).toEqual([
      {
        type: "payment",
        title: "Payment Approved",
        message:
          "Your payment for Google Business Profile Setup has been approved. Admin notes: Matches the bank record",
        isRead: false,
      },
    ]);
    expect(await paymentNotifications(customerB.id)).toEqual([]);
    expect(await auditRows()).toEqual([
      {
        actorId: admin.id,
        action: "payment.approve",
        customerId: customerA.id,
        detail: { paymentId, serviceType: "google_business", paymentNumber: 1, notes: "Matches the bank record" },
      },
    ]);
    expect(byTable(await app.deliveredChanges())).toEqual([
      { table: "notifications", userId: customerA.id },
      { table: "payments", userId: customerA.id },
    ]);
  });

  it("refuses a rejection without its reason, in the admin's language: nothing changes, nobody is told", async () => {
    const paymentId = await app.payment(customerB.id, { serviceType: "website", paymentNumber: 2, amount: 350 });
    const error = await refusal(
      decidePayment(app.services, admin.user, { paymentId, decision: "reject", notes: "   " }),
    );
    expect([error.code, error.status]).toEqual(["rejection_reason_required", 400]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "pending", adminNotes: null });
    expect(await paymentNotifications(customerB.id)).toEqual([]);
    expect(await auditRows()).toEqual([]);
    expect(await app.deliveredChanges()).toEqual([]);

    // An approval's note stays optional.
    const withoutNotes = await app.payment(customerB.id);
    await decidePayment(app.services, admin.user, { paymentId: withoutNotes, decision: "approve" });
    expect(await paymentRow(withoutNotes)).toMatchObject({ status: "completed", adminNotes: null });
  });

  it("cannot decide a payment again: 409, nothing changes, nobody is notified, nothing is published", async () => {
    const paymentId = await app.payment(customerA.id);
    await decidePayment(app.services, admin.user, { paymentId, decision: "reject", notes: "Blurry" });
    await app.deliveredChanges();
    for (const decision of ["approve", "reject"] as const) {
      const error = await refusal(
        decidePayment(app.services, secondAdmin.user, { paymentId, decision, notes: "Second look" }),
      );
      expect(error.status).toBe(409);
      expect(error.message).toBe("This payment has already been reviewed");
    }
    expect(await paymentRow(paymentId)).toMatchObject({ status: "rejected", adminNotes: "Blurry" });
    expect(await paymentNotifications(customerA.id)).toHaveLength(1);
    // Only the decision that happened is audited; the refused ones (409) wrote nothing.
    expect((await auditRows()).map((row) => [row.action, row.actorId])).toEqual([["payment.reject", admin.id]]);
    expect(await app.deliveredChanges()).toEqual([]);
  });

  it("answers 404 for an unknown payment and 400 for a malformed request", async () => {
    expect(
      (await refusal(decidePayment(app.services, admin.user, { paymentId: randomUUID(), decision: "approve" }))).status,
    ).toBe(404);
    expect(
      (await refusal(decidePayment(app.services, admin.user, { paymentId: "nope", decision: "approve" }))).status,
    ).toBe(400);
    const paymentId = await app.payment(customerA.id);
    const bad = { paymentId, decision: "refund" } as unknown as Parameters<typeof decidePayment>[2];
    expect((await refusal(decidePayment(app.services, admin.user, bad))).status).toBe(400);
    expect((await paymentRow(paymentId)).status).toBe("pending");
    expect(await auditRows()).toEqual([]);
  });

  it("two admins deciding one payment at the same moment: exactly one decision, the other gets 409", async () => {
    for (let round = 0; round < 3; round++) {
      const paymentId = await app.payment(customerA.id, { serviceType: "website", paymentNumber: 1, amount: 350 });
      const results = await Promise.allSettled([
        decidePayment(app.services, admin.user, { paymentId, decision: "approve", notes: "first" }),
        decidePayment(app.services, secondAdmin.user, { paymentId, decision: "reject", notes: "second" }),
      ]);
      const won = results.filter((result) => result.status === "fulfilled");
      const lost = results.filter((result) => result.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toBeInstanceOf(AppError);
      expect((lost[0]!.reason as AppError).status).toBe(409);
      const winner = won[0]!.value;
      expect(await paymentRow(paymentId)).toMatchObject({ status: winner.status, adminNotes: winner.adminNotes });
      const sent = await paymentNotifications(customerA.id);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.title).toBe(winner.status === "completed" ? "Payment Approved" : "Payment Rejected");
      const audited = await auditRows();
      expect(audited).toHaveLength(1);
      expect(audited[0]!.action).toBe(winner.status === "completed" ? "payment.approve" : "payment.reject");
      await app.db.delete(auditEvents);
      await app.db.delete(notifications);
      await app.db.delete(payments);
    }
  });
});

describe("two decisions blocked on one row lock (PostgreSQL)", () => {
  /**
   * On a server both decisions can be made to wait on the payment's row lock, held by a third session, and
   * then race the moment it is released. PGlite is one session, so there the decisions above run one after
   * the other and this test makes sure of that order instead.
   */
  it("releases both at once: one decision, one 409", async () => {
    const paymentId = await app.payment(customerB.id);
    if (app.database.kind === "pglite") {
      const first = decidePayment(app.services, admin.user, { paymentId, decision: "approve" });
      const second = decidePayment(app.services, secondAdmin.user, { paymentId, decision: "reject", notes: "B" });
      expect((await first).status).toBe("completed");
      expect((await refusal(second)).status).toBe(409);
      return;
    }
    const holder = new pg.Client({ connectionString: app.database.url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("select id from payments where id = $1 for update", [paymentId]);
      const results = Promise.allSettled([
        decidePayment(app.services, admin.user, { paymentId, decision: "approve", notes: "A" }),
        decidePayment(app.services, secondAdmin.user, { paymentId, decision: "reject", notes: "B" }),
      ]);
      // Both updates are now waiting for the lock.
      await vi.waitFor(
        async () => {
          const { rows } = await holder.query<{ waiting: string }>(
            "select count(*) as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          expect(Number(rows[0]!.waiting)).toBe(2);
        },
        { timeout: 5_000, interval: 50 },
      );
      await holder.query("commit");
      const settled = await results;
      expect(settled.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const lost = settled.filter((result) => result.status === "rejected");
      expect(lost).toHaveLength(1);
      expect((lost[0]!.reason as AppError).status).toBe(409);
      expect(await paymentNotifications(customerB.id)).toHaveLength(1);
    } finally {
      await holder.query("rollback").catch(() => {});
      await holder.end();
    }
  });
});

describe("the customer page's Payments tab", () => {
  /** The tab's own address: the customer's page, its index route. */
  const tab = () => `/admin/users/${customerA.id}?index`;

  /** The action's arguments called directly, past the admin layout's guard. */
  function argsFor(user: SessionUser | null, fields: Record<string, string>) {
    const request = formPost(tab(), fields);
    return { request, context: routeContext(app.services, user, request.headers), params: { userId: customerA.id } };
  }

  /** The request as the framework runs it: the admin layout's middleware first, then the action. */
  const post = (user: SessionUser | null, fields: Record<string, string>, cookie?: string) =>
    behindAdminGuard(app.services, user, formPost(tab(), fields, cookie), detailAction, { userId: customerA.id });

  it("the guard stops anonymous and customers before the action runs; the payment stays pending", async () => {
    const paymentId = await app.payment(customerA.id);
    const fields = { intent: "decide", paymentId, decision: "approve", notes: "" };

    const anonymous = await post(null, fields);
    expect(anonymous).toHaveProperty("guardedBy");
    expect(anonymous).toEqual({ guardedBy: "/admin/login" });

    const customer = await post(customerA.user, fields, customerA.cookie);
    expect((customer as { guardedBy: string }).guardedBy).toMatch(/^\/admin\/login\?/);

    // Called directly, past the guard, the use case still refuses.
    expect(routeAnswer(await detailAction(argsFor(customerB.user, fields) as never))).toEqual({
      status: 403,
      body: { ok: false, error: "You don't have permission to do that" },
    });
    expect(routeAnswer(await detailAction(argsFor(null, fields) as never))).toMatchObject({ status: 401 });
    expect((await paymentRow(paymentId)).status).toBe("pending");
    expect(await auditRows()).toEqual([]);
    expect(await app.deliveredChanges()).toEqual([]);
  });

  it("an admin approves through the action, a second decision answers 409, a bad request 400", async () => {
    const paymentId = await app.payment(customerA.id);
    expect(await post(admin.user, { intent: "decide", paymentId, decision: "approve", notes: "ok" })).toEqual({
      status: 200,
      body: { ok: true, title: "Status Updated", message: "Payment has been approved" },
    });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "completed", adminNotes: "ok" });
    expect(await post(secondAdmin.user, { intent: "decide", paymentId, decision: "reject" })).toEqual({
      status: 409,
      body: { ok: false, error: "This payment has already been reviewed" },
    });
    expect(await auditRows()).toEqual([
      {
        actorId: admin.id,
        action: "payment.approve",
        customerId: customerA.id,
        detail: { paymentId, serviceType: "google_business", paymentNumber: 1, notes: "ok" },
      },
    ]);
    expect(await post(admin.user, { intent: "other", paymentId, decision: "reject" })).toMatchObject({ status: 400 });
    expect(await post(admin.user, { intent: "decide", paymentId: "x", decision: "reject" })).toMatchObject({
      status: 400,
    });

    const loaded = await detailLoader({
      request: new Request(`${SITE_URL}/admin/users/${customerA.id}`),
      context: routeContext(app.services, admin.user),
      params: { userId: customerA.id },
    } as never);
    expect(loaded.payments.map((payment) => [payment.id, payment.status])).toEqual([[paymentId, "completed"]]);
  });
});
