import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, customerAssignments, notifications, profiles, userRoles } from "~db/schema";
import { saveSettings } from "~/features/settings/save-settings.server";
import { assignCustomer } from "~/features/users/assign-customer.server";
import { UNASSIGNED, type CustomerListQuery } from "~/features/users/customer-list-query";
import { listCustomers } from "~/features/users/list-customers.server";
import { action as detailAction, loader as detailLoader } from "~/routes/admin/user-detail/layout";
import { loader as paymentsLoader } from "~/routes/admin/user-detail/payments";
import { loader as usersLoader } from "~/routes/admin/users";
import { loader as settingsLoader } from "~/routes/admin/settings";
import { refusal, routeAnswer, routeArgs, sessionUserFor, type SignedIn } from "./support";
import { testApp } from "./test-app";

/**
 * Assignment: an admin sets who looks after a customer (customer.assign, audited, published for the customer and each
 * member it changed); a staff member's list holds only their customers; the admins' 'Assigned to' filter; the General
 * setting 'Assign new customers to' assigns a sign-up before its notification is written; the customer page for staff.
 */

const app = testApp();
let admin: SignedIn;
let ana: SignedIn;
let bo: SignedIn;
let carla: SignedIn;
let first: SignedIn;
let second: SignedIn;
let third: SignedIn;

const named = async (member: SignedIn, name: string) => {
  await app.db.update(profiles).set({ fullName: name }).where(eq(profiles.id, member.id));
};

beforeAll(async () => {
  admin = await app.admin();
  first = await app.customer({ name: "First Customer" });
  second = await app.customer({ name: "Second Customer" });
  third = await app.customer({ name: "Third Customer" });
  ana = await app.staff([first.id]);
  bo = await app.staff();
  carla = await app.staff();
  await named(ana, "Ana Staff");
  await named(bo, "Bo Staff");
  await named(carla, "Carla Gone");
}, 60_000);

const assigneesOf = async (customerId: string) =>
  (
    await app.db
      .select({ memberId: customerAssignments.memberId })
      .from(customerAssignments)
      .where(eq(customerAssignments.customerId, customerId))
  )
    .map((row) => row.memberId)
    .sort();
const lastAudit = async (customerId: string) => {
  const [row] = await app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "customer.assign"), eq(auditEvents.customerId, customerId)))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(1);
  return row;
};
const query = (changes: Partial<CustomerListQuery> = {}): CustomerListQuery => ({
  search: "",
  activity: null,
  assigned: null,
  plan: null,
  page: 1,
  ...changes,
});
const deactivate = (member: SignedIn, at: Date | null = new Date()) =>
  app.db.update(userRoles).set({ deactivatedAt: at }).where(eq(userRoles.userId, member.id));
const assignForm = (memberIds: string[]) => {
  const form = new URLSearchParams({ intent: "assign-customer" });
  for (const id of memberIds) form.append("memberIds", id);
  return form;
};
const post = (who: SignedIn | null, customerId: string, form: URLSearchParams) =>
  routeArgs(
    app.services,
    `/admin/users/${customerId}`,
    {
      method: "POST",
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded", ...(who ? { cookie: who.cookie } : {}) },
    },
    { userId: customerId },
  );

describe("assignCustomer", () => {
  it("sets exactly the members chosen, audits who was added and removed by name, and publishes for each", async () => {
    await app.deliveredChanges();
    expect(
      await assignCustomer(app.services, admin.user, { customerId: second.id, memberIds: [ana.id, bo.id, ana.id] }),
    ).toEqual({
      added: expect.arrayContaining([ana.id, bo.id]),
      removed: [],
    });
    expect(await assigneesOf(second.id)).toEqual([ana.id, bo.id].sort());
    expect(await lastAudit(second.id)).toMatchObject({
      actorId: admin.id,
      detail: {
        added: [
          { id: ana.id, name: "Ana Staff" },
          { id: bo.id, name: "Bo Staff" },
        ],
        removed: [],
      },
    });
    expect(await app.deliveredChanges()).toEqual(
      expect.arrayContaining([
        { table: "customer_assignments", userId: second.id },
        { table: "customer_assignments", userId: ana.id },
        { table: "customer_assignments", userId: bo.id },
      ]),
    );

    await app.deliveredChanges();
    expect(await assignCustomer(app.services, admin.user, { customerId: second.id, memberIds: [bo.id] })).toEqual({
      added: [],
      removed: [ana.id],
    });
    expect(await assigneesOf(second.id)).toEqual([bo.id]);
    expect((await lastAudit(second.id))?.detail).toEqual({ added: [], removed: [{ id: ana.id, name: "Ana Staff" }] });
    expect(await app.deliveredChanges()).toEqual(
      expect.arrayContaining([{ table: "customer_assignments", userId: ana.id }]),
    );
    // The staff member's next request reaches the customer no more.
    expect((await sessionUserFor(app.services, ana.cookie))?.assignedCustomerIds).not.toContain(second.id);

    // Nobody: every assignment ends. A save that changes nothing writes no event.
    await assignCustomer(app.services, admin.user, { customerId: second.id, memberIds: [] });
    expect(await assigneesOf(second.id)).toEqual([]);
    const events = await app.db.select().from(auditEvents).where(eq(auditEvents.customerId, second.id));
    await assignCustomer(app.services, admin.user, { customerId: second.id, memberIds: [] });
    expect(await app.db.select().from(auditEvents).where(eq(auditEvents.customerId, second.id))).toHaveLength(
      events.length,
    );
  });

  it("tells each member added that the customer is now theirs, with a link to the customer's page; not the admin who saved, nor anyone on a removal", async () => {
    const notesOf = (member: SignedIn) =>
      app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, member.id), eq(notifications.type, "customer_assigned")));
    const before = {
      ana: (await notesOf(ana)).length,
      bo: (await notesOf(bo)).length,
      admin: (await notesOf(admin)).length,
    };
    await app.deliveredChanges();
    await assignCustomer(app.services, admin.user, { customerId: third.id, memberIds: [bo.id, admin.id] });
    const [told] = (await notesOf(bo)).slice(before.bo);
    expect(told).toMatchObject({
      title: "A customer was assigned to you",
      message: "Third Customer from Casey Plumbing is now one of your customers.",
    });
    expect(told?.data).toMatchObject({ customerId: third.id });
    expect(await notesOf(admin)).toHaveLength(before.admin);
    expect(await app.deliveredChanges()).toEqual(expect.arrayContaining([{ table: "notifications", userId: bo.id }]));
    // Saved again unchanged, or with Bo taken off: nobody is told again.
    await assignCustomer(app.services, admin.user, { customerId: third.id, memberIds: [bo.id, admin.id] });
    await assignCustomer(app.services, admin.user, { customerId: third.id, memberIds: [] });
    expect(await notesOf(bo)).toHaveLength(before.bo + 1);
    expect(await notesOf(ana)).toHaveLength(before.ana);
  });

  it("lets only admins assign: a staff member and a customer 403, anonymous 401", async () => {
    expect(
      (await refusal(assignCustomer(app.services, ana.user, { customerId: first.id, memberIds: [ana.id, bo.id] })))
        .status,
    ).toBe(403);
    expect(
      (await refusal(assignCustomer(app.services, first.user, { customerId: first.id, memberIds: [] }))).status,
    ).toBe(403);
    expect((await refusal(assignCustomer(app.services, null, { customerId: first.id, memberIds: [] }))).status).toBe(
      401,
    );
    expect(await assigneesOf(first.id)).toEqual([ana.id]);
  });

  it("refuses a member who is not an active team member, and a customer who is not one, changing nothing", async () => {
    await deactivate(carla);
    try {
      for (const memberId of [randomUUID(), third.id, carla.id, "not-an-id"]) {
        const error = await refusal(
          assignCustomer(app.services, admin.user, { customerId: first.id, memberIds: [bo.id, memberId] }),
        );
        expect([error.code, error.status], memberId).toEqual(["member_not_active", 400]);
      }
    } finally {
      await deactivate(carla, null);
    }
    expect(await assigneesOf(first.id)).toEqual([ana.id]);
    for (const customerId of [randomUUID(), "not-an-id", ana.id, admin.id]) {
      expect(
        (await refusal(assignCustomer(app.services, admin.user, { customerId, memberIds: [] }))).code,
        customerId,
      ).toBe("customer_not_found");
    }
  });

  it("is the customer page's assign-customer form: the admin's saves, a staff member's is refused 403", async () => {
    const saved = routeAnswer(await detailAction(await post(admin, third.id, assignForm([carla.id]))));
    expect(saved).toEqual({ status: 200, body: { ok: true, title: "Assignment saved" } });
    expect(await assigneesOf(third.id)).toEqual([carla.id]);
    const refused = routeAnswer(await detailAction(await post(ana, third.id, assignForm([ana.id]))));
    expect(refused.status).toBe(403);
    const unknown = routeAnswer(await detailAction(await post(admin, third.id, assignForm([randomUUID()]))));
    expect(unknown).toMatchObject({ status: 400, body: { ok: false, error: "Choose active team members only" } });
    // Nobody: no box checked.
    expect(routeAnswer(await detailAction(await post(admin, third.id, assignForm([])))).status).toBe(200);
    expect(await assigneesOf(third.id)).toEqual([]);
  });
});

describe("the customer list and assignment", () => {
  it("gives a staff member only their customers, counted by themselves, whatever the filter asked", async () => {
    await assignCustomer(app.services, admin.user, { customerId: second.id, memberIds: [ana.id, bo.id] });
    const mine = await listCustomers(app.database, ana.user, query({ assigned: UNASSIGNED }));
    expect(mine.customers.map((row) => row.fullName)).toEqual(["Second Customer", "First Customer"]);
    expect(mine.counters.total).toBe(2);
    expect(mine.total).toBe(2);
    expect(mine.query.assigned).toBeNull();
    expect(mine.customers[0]!.assignedTo).toEqual(["Ana Staff", "Bo Staff"]);
    expect(
      (await listCustomers(app.database, ana.user, query({ search: "Second" }))).customers.map((row) => row.fullName),
    ).toEqual(["Second Customer"]);
    expect((await listCustomers(app.database, ana.user, query({ search: "Third" }))).total).toBe(0);
    const none = await listCustomers(app.database, carla.user);
    expect([none.customers, none.counters.total]).toEqual([[], 0]);
  });

  it("filters an admin's list by the member assigned, or the customers nobody looks after", async () => {
    const names = async (assigned: string) =>
      (await listCustomers(app.database, admin.user, query({ assigned }))).customers.map((row) => row.fullName);
    expect(await names(ana.id)).toEqual(["Second Customer", "First Customer"]);
    expect(await names(bo.id)).toEqual(["Second Customer"]);
    // The staff members' own accounts are no customers: only Third is unassigned.
    expect(await names(UNASSIGNED)).toEqual(["Third Customer"]);
    const all = await listCustomers(app.database, admin.user);
    expect(all.customers.map((row) => [row.fullName, row.assignedTo])).toEqual([
      ["Third Customer", []],
      ["Second Customer", ["Ana Staff", "Bo Staff"]],
      ["First Customer", ["Ana Staff"]],
    ]);
  });

  it("titles a staff member's page 'My customers', without the filter's choices; an admin's has them", async () => {
    const staffPage = routeAnswer(
      await usersLoader(await routeArgs(app.services, "/admin/users", { headers: { cookie: ana.cookie } })),
    );
    expect(staffPage.body).toMatchObject({ title: "My customers", mine: true, assignees: null, total: 2 });
    const adminPage = routeAnswer(
      await usersLoader(
        await routeArgs(app.services, `/admin/users?assigned=${bo.id}`, { headers: { cookie: admin.cookie } }),
      ),
    );
    expect(adminPage.body).toMatchObject({ title: "Users", mine: false, total: 1, query: { assigned: bo.id } });
    expect((adminPage.body as { assignees: { name: string }[] }).assignees.map((member) => member.name)).toEqual(
      expect.arrayContaining(["Ana Staff", "Bo Staff"]),
    );
    const bad = routeAnswer(
      await usersLoader(
        await routeArgs(app.services, "/admin/users?assigned=someone", { headers: { cookie: admin.cookie } }),
      ),
    );
    expect(bad).toMatchObject({
      status: 400,
      body: { error: "Unknown 'Assigned to' filter: choose Anyone, Unassigned or a team member" },
    });
  });
});

describe("the customer page for a staff member", () => {
  it("opens on a customer assigned to them on the Messages tab, without payments, the names read-only", async () => {
    const args = () =>
      routeArgs(app.services, `/admin/users/${second.id}`, { headers: { cookie: ana.cookie } }, { userId: second.id });
    const page = (await detailLoader(await args())) as {
      canReviewPayments: boolean;
      assignment: { assigned: { name: string }[]; choices: unknown };
    };
    expect(page.canReviewPayments).toBe(false);
    // The first tab, Payments, is the admins': a staff member's page goes on to Messages.
    const opened = await paymentsLoader(await args()).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(opened).toBeInstanceOf(Response);
    expect((opened as Response).status).toBe(302);
    expect((opened as Response).headers.get("location")).toBe(`/admin/users/${second.id}/messages`);
    expect(page.assignment).toEqual({
      assigned: [expect.objectContaining({ name: "Ana Staff" }), expect.objectContaining({ name: "Bo Staff" })],
      choices: null,
    });
  });

  it("answers 404 on a customer not assigned to them", async () => {
    const missing = await detailLoader(
      await routeArgs(
        app.services,
        `/admin/users/${third.id}`,
        { headers: { cookie: ana.cookie } },
        { userId: third.id },
      ),
    ).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(missing).toMatchObject({ type: "DataWithResponseInit", init: { status: 404 } });
  });

  it("gives an admin the payments and the active members to choose from", async () => {
    const page = (await detailLoader(
      await routeArgs(
        app.services,
        `/admin/users/${second.id}`,
        { headers: { cookie: admin.cookie } },
        { userId: second.id },
      ),
    )) as {
      canReviewPayments: boolean;
      assignment: { choices: { id: string }[] };
    };
    expect(page.canReviewPayments).toBe(true);
    expect(page.assignment.choices.map((member) => member.id)).toEqual(
      expect.arrayContaining([admin.id, ana.id, bo.id, carla.id]),
    );
  });
});

describe("the General setting 'Assign new customers to'", () => {
  const setAssignee = async (memberId: string) =>
    saveSettings(app.services, admin.user, {
      section: "general",
      values: { ...(await app.services.settings.get()).general, assignNewCustomersTo: memberId },
    });

  it("offers the active members on the settings page, and refuses one who is not active beside the field", async () => {
    const page = (await settingsLoader(
      await routeArgs(app.services, "/admin/settings", { headers: { cookie: admin.cookie } }),
    )) as { assignees: { id: string }[] };
    expect(page.assignees.map((member) => member.id)).toEqual(expect.arrayContaining([ana.id, bo.id]));
    for (const memberId of [randomUUID(), third.id]) {
      const error = await refusal(setAssignee(memberId));
      expect([error.code, error.status, error.options.field]).toEqual([
        "member_not_active",
        400,
        "assignNewCustomersTo",
      ]);
    }
    expect((await app.services.settings.get()).general.assignNewCustomersTo).toBe("");
  });

  it("assigns a customer who signs up to the member named, who is notified of the sign-up too", async () => {
    expect((await setAssignee(bo.id)).general.assignNewCustomersTo).toBe(bo.id);
    const newcomer = await app.customer({ name: "Newly Signed" });
    expect(await assigneesOf(newcomer.id)).toEqual([bo.id]);
    expect(await lastAudit(newcomer.id)).toMatchObject({
      actorId: null,
      detail: { added: [{ id: bo.id, name: "Bo Staff" }], removed: [], automatic: true },
    });
    const told = await app.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.type, "new_user"));
    const toldOfNewcomer = await app.db
      .select({ userId: notifications.userId, data: notifications.data })
      .from(notifications)
      .where(eq(notifications.type, "new_user"));
    expect(
      toldOfNewcomer
        .filter((row) => (row.data as { customerId?: string }).customerId === newcomer.id)
        .map((row) => row.userId),
    ).toEqual(expect.arrayContaining([admin.id, bo.id]));
    // Ana is not assigned to the newcomer: she is not told.
    expect(told.filter((row) => row.userId === ana.id)).toEqual([]);
    expect((await sessionUserFor(app.services, bo.cookie))?.assignedCustomerIds).toContain(newcomer.id);
  });

  it("assigns nobody when the member named was deactivated since", async () => {
    await setAssignee(carla.id);
    await deactivate(carla);
    try {
      const newcomer = await app.customer({ name: "Nobody's Yet" });
      expect(await assigneesOf(newcomer.id)).toEqual([]);
      expect(await lastAudit(newcomer.id)).toBeUndefined();
      // The admins are still told.
      const rows = await app.db
        .select({ userId: notifications.userId, data: notifications.data })
        .from(notifications)
        .where(eq(notifications.type, "new_user"));
      expect(
        rows.filter((row) => (row.data as { customerId?: string }).customerId === newcomer.id).map((row) => row.userId),
      ).toEqual([admin.id]);
    } finally {
      await deactivate(carla, null);
      await setAssignee("");
    }
  });
});
