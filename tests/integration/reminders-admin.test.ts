import { and, desc, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, emailMessages, notifications, profiles, reminders, user } from "~db/schema";
import { reminderNotification } from "~/features/notifications/reminder-notifications";
import { getCustomerReminders } from "~/features/reminders/get-customer-reminders.server";
import { openReminder } from "~/features/reminders/open-reminder.server";
import { DAY_MS } from "~/features/reminders/reminders";
import { sendReminderNow } from "~/features/reminders/send-reminder-now.server";
import { setRemindersPaused } from "~/features/reminders/set-reminders-paused.server";
import { getWorkQueue } from "~/features/work-queue/get-work-queue.server";
import type { SessionUser } from "~/lib/auth/session";
import { i18nFor } from "~/lib/i18n/instances.server";
import { action as messagesAction, loader as messagesLoader } from "~/routes/admin/user-detail/messages";
import { behindAdminGuard, formPost, refusal, routeContext, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let admin: SignedIn;

beforeAll(async () => {
  admin = await app.admin();
});

/** A customer with a paid website whose information form is not sent and a Google Business round waiting. */
const twoThingsWaiting = () => app.customer({ paidFirstOf: ["website"], roundWaiting: ["google_business"] });

/** A customer on whom nothing waits: a proof sent (no longer unpaid), nothing rejected, no round, no message. */
async function nothingWaiting(): Promise<SignedIn> {
  const customer = await app.customer();
  await app.payment(customer.id);
  return customer;
}

const remindersOf = (userId: string) =>
  app.db.select().from(reminders).where(eq(reminders.userId, userId)).orderBy(reminders.sentAt, reminders.kind);
const bellOf = (userId: string) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "reminder")));
/** The reminder e-mails queued to an address (the only e-mails with an unsubscribe link). */
const reminderEmailsTo = (email: string) =>
  app.db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.to, email), isNotNull(emailMessages.unsubscribeLink)));
const auditOf = (action: string, customerId: string) =>
  app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.customerId, customerId)))
    .orderBy(desc(auditEvents.createdAt));

describe("'Send a reminder now'", () => {
  it("an admin sends one of everything waiting: a row each sent by them (step 0), the bell one each, and one e-mail listing them in the customer's language", async () => {
    const customer = await twoThingsWaiting();
    await app.db.update(user).set({ language: "es" }).where(eq(user.id, customer.id));
    await app.deliveredChanges();

    expect(await sendReminderNow(app.services, admin.user, { userId: customer.id })).toEqual({
      emailed: true,
      count: 2,
    });

    const rows = await remindersOf(customer.id);
    expect(rows.map((row) => row.kind).sort()).toEqual(["approval_round", "information_form"]);
    for (const row of rows) expect(row).toMatchObject({ step: 0, sentBy: admin.id, emailed: true, openedAt: null });

    const bell = await bellOf(customer.id);
    expect(bell).toHaveLength(2);
    expect(bell.map((row) => (row.data as { kind: string }).kind).sort()).toEqual([
      "approval_round",
      "information_form",
    ]);

    const [email, ...more] = await reminderEmailsTo(customer.email);
    expect(more).toHaveLength(0);
    // Every reminder's words in Spanish, each with its tracked link; the service names are already translated.
    const spanish = i18nFor("es");
    for (const row of rows) {
      const { title, message } = reminderNotification(spanish, row.data as never);
      expect(email!.text).toContain(title);
      expect(email!.text).toContain(message);
      expect(email!.text).toContain(`/reminders/${row.id}`);
    }
    expect(email!.text).toContain("Perfil de Google Business");
    expect(email!.text).toContain("Sitio web");
    expect(email!.unsubscribeLink).toMatch(/^\/reminders\/unsubscribe\?token=/);

    const [audit] = await auditOf("reminder.send", customer.id);
    expect(audit).toMatchObject({ actorId: admin.id, detail: { emailed: true } });
    expect((audit!.detail as { kinds: string[] }).kinds.sort()).toEqual(["approval_round", "information_form"]);

    const changes = await app.deliveredChanges();
    expect(changes).toContainEqual({ table: "reminders", userId: customer.id });
    expect(changes).toContainEqual({ table: "notifications", userId: customer.id });
  });

  it("the staff member the customer is assigned to may send one too; it goes even while reminders are paused", async () => {
    const customer = await twoThingsWaiting();
    const staff = await app.staff([customer.id]);
    await setRemindersPaused(app.services, admin.user, { userId: customer.id, paused: true });

    expect(await sendReminderNow(app.services, staff.user, { userId: customer.id })).toEqual({
      emailed: true,
      count: 2,
    });
    const rows = await remindersOf(customer.id);
    expect(rows.map((row) => row.sentBy)).toEqual([staff.id, staff.id]);
    expect(await reminderEmailsTo(customer.email)).toHaveLength(1);
  });

  it("refuses a staff member not assigned (404, as a customer that does not exist), customers (403) and visitors (401), and sends nothing", async () => {
    const customer = await twoThingsWaiting();
    const other = await app.customer();
    const stranger = await app.staff([other.id]);
    const refusals = [
      [stranger.user, 404, "customer_not_found"],
      [customer.user, 403, "forbidden"],
      [other.user, 403, "forbidden"],
      [null, 401, "not_signed_in"],
    ] as const;
    for (const [actor, status, code] of refusals) {
      const error = await refusal(sendReminderNow(app.services, actor, { userId: customer.id }));
      expect([error.status, error.code], code).toEqual([status, code]);
    }
    expect(await remindersOf(customer.id)).toHaveLength(0);
    expect(await bellOf(customer.id)).toHaveLength(0);
    expect(await reminderEmailsTo(customer.email)).toHaveLength(0);
    // A team member's own id is nobody to remind.
    expect((await refusal(sendReminderNow(app.services, admin.user, { userId: stranger.id }))).code).toBe(
      "customer_not_found",
    );
  });

  it("refuses when nothing waits on the customer (409): there is nothing to remind them of", async () => {
    const customer = await nothingWaiting();
    const error = await refusal(sendReminderNow(app.services, admin.user, { userId: customer.id }));
    expect([error.status, error.code]).toEqual([409, "nothing_to_remind"]);
    expect(await remindersOf(customer.id)).toHaveLength(0);
  });

  it("a customer who turned reminders off gets it in the bell only: no e-mail", async () => {
    const customer = await twoThingsWaiting();
    await app.db.update(profiles).set({ remindersOptOut: true }).where(eq(profiles.id, customer.id));

    expect(await sendReminderNow(app.services, admin.user, { userId: customer.id })).toEqual({
      emailed: false,
      count: 2,
    });
    expect((await remindersOf(customer.id)).map((row) => row.emailed)).toEqual([false, false]);
    expect(await bellOf(customer.id)).toHaveLength(2);
    expect(await reminderEmailsTo(customer.email)).toHaveLength(0);
    expect((await auditOf("reminder.send", customer.id))[0]).toMatchObject({ detail: { emailed: false } });
  });
});

describe("'Pause reminders' and 'Resume reminders'", () => {
  it("an admin pauses a customer's reminders and lets them run again, each audited and published", async () => {
    const customer = await twoThingsWaiting();
    const at = new Date("2026-11-02T09:30:00Z");
    const deps = { ...app.services, now: () => at };
    await app.deliveredChanges();
    await setRemindersPaused(deps, admin.user, { userId: customer.id, paused: true });
    const [paused] = await app.db.select().from(profiles).where(eq(profiles.id, customer.id));
    expect(paused!.remindersPausedAt?.toISOString()).toBe(at.toISOString());
    expect(await auditOf("reminders.pause", customer.id)).toEqual([expect.objectContaining({ actorId: admin.id })]);
    expect(await app.deliveredChanges()).toContainEqual({ table: "profiles", userId: customer.id });

    await setRemindersPaused(deps, admin.user, { userId: customer.id, paused: false });
    const [resumed] = await app.db.select().from(profiles).where(eq(profiles.id, customer.id));
    expect(resumed!.remindersPausedAt).toBeNull();
    expect(await auditOf("reminders.resume", customer.id)).toEqual([expect.objectContaining({ actorId: admin.id })]);
  });

  it("the assigned staff member may; a staff member not assigned gets 404, customers 403, visitors 401, and nothing changes", async () => {
    const customer = await twoThingsWaiting();
    const other = await app.customer();
    const staff = await app.staff([customer.id]);
    const stranger = await app.staff([other.id]);

    await setRemindersPaused(app.services, staff.user, { userId: customer.id, paused: true });
    expect(await auditOf("reminders.pause", customer.id)).toEqual([expect.objectContaining({ actorId: staff.id })]);

    const refusals = [
      [stranger.user, 404],
      [customer.user, 403],
      [other.user, 403],
      [null, 401],
    ] as const;
    for (const [actor, status] of refusals) {
      expect(
        (await refusal(setRemindersPaused(app.services, actor, { userId: customer.id, paused: false }))).status,
      ).toBe(status);
    }
    const [row] = await app.db.select().from(profiles).where(eq(profiles.id, customer.id));
    expect(row!.remindersPausedAt).not.toBeNull();
    expect(await auditOf("reminders.resume", customer.id)).toHaveLength(0);
    // Someone who is no customer: nothing to pause.
    expect((await refusal(setRemindersPaused(app.services, admin.user, { userId: staff.id, paused: true }))).code).toBe(
      "customer_not_found",
    );
  });
});

describe("a customer's reminders on their page", () => {
  it("lists what waits on them and the reminders sent, newest first, by whom, how and whether the link was opened", async () => {
    const customer = await twoThingsWaiting();
    const staff = await app.staff([customer.id]);
    const before = await getCustomerReminders(app.services, admin.user, { userId: customer.id });
    expect(before.waiting.map((thing) => thing.kind).sort()).toEqual(["approval_round", "information_form"]);
    expect(before.waiting.find((thing) => thing.kind === "approval_round")!.data).toEqual({
      kind: "approval_round",
      service: "google_business",
      version: 1,
      title: "First draft",
    });
    expect(before).toMatchObject({ sent: [], pausedAt: null, optedOut: false });

    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
    await sendReminderNow({ ...app.services, now: () => twoDaysAgo }, admin.user, { userId: customer.id });
    await app.db.update(profiles).set({ remindersOptOut: true }).where(eq(profiles.id, customer.id));
    await sendReminderNow(app.services, staff.user, { userId: customer.id });
    const [first] = (await remindersOf(customer.id)).filter((row) => row.sentBy === admin.id);
    await app.deliveredChanges();
    expect(await openReminder(app.services, first!.id)).toBe(first!.link);
    // The first opening reaches the customer's page live; opening it again changes nothing.
    expect(await app.deliveredChanges()).toEqual([{ table: "reminders", userId: customer.id }]);
    await openReminder(app.services, first!.id);
    expect(await app.deliveredChanges()).toEqual([]);
    await setRemindersPaused(app.services, admin.user, { userId: customer.id, paused: true });

    const view = await getCustomerReminders(app.services, staff.user, { userId: customer.id });
    expect(view.waiting).toHaveLength(2);
    expect(view.sent).toHaveLength(4);
    expect(view.sent.slice(0, 2).map((sent) => [sent.sentBy, sent.emailed, sent.openedAt])).toEqual([
      [staff.user.name, false, null],
      [staff.user.name, false, null],
    ]);
    const opened = view.sent.find((sent) => sent.id === first!.id)!;
    expect(opened).toMatchObject({ step: 0, sentBy: admin.user.name, emailed: true, kind: first!.kind });
    expect(opened.openedAt).not.toBeNull();
    expect(view.optedOut).toBe(true);
    expect(view.pausedAt).not.toBeNull();
  });

  it("are read by the team that reaches the customer only", async () => {
    const customer = await twoThingsWaiting();
    const stranger = await app.staff([]);
    expect((await refusal(getCustomerReminders(app.services, stranger.user, { userId: customer.id }))).status).toBe(
      404,
    );
    expect((await refusal(getCustomerReminders(app.services, customer.user, { userId: customer.id }))).status).toBe(
      403,
    );
    expect((await refusal(getCustomerReminders(app.services, null, { userId: customer.id }))).status).toBe(401);
  });
});

describe("the Messages tab's reminder forms", () => {
  /** The tab's action as the framework runs it (behind the admin layout's guard), a urlencoded form. */
  const post = (actor: SessionUser | null, userId: string, fields: Record<string, string>) =>
    behindAdminGuard(app.services, actor, formPost(`/admin/users/${userId}/messages`, fields), messagesAction, {
      userId,
    });

  it("the loader gives the tab the customer's reminders with the conversation", async () => {
    const customer = await twoThingsWaiting();
    const loaded = (await messagesLoader({
      request: new Request(`http://localhost:3000/admin/users/${customer.id}/messages`),
      context: routeContext(app.services, admin.user),
      params: { userId: customer.id },
    } as never)) as { reminders: { waiting: unknown[]; sent: unknown[] }; thread: unknown };
    expect(loaded.thread).toBeDefined();
    expect(loaded.reminders.waiting).toHaveLength(2);
    expect(loaded.reminders.sent).toEqual([]);
  });

  it("'Send a reminder now' answers with its toast: by e-mail, or in the bell only for a customer who opted out", async () => {
    const customer = await twoThingsWaiting();
    expect(await post(admin.user, customer.id, { intent: "send-reminder" })).toEqual({
      status: 200,
      body: {
        ok: true,
        title: "Reminder sent",
        message: "The customer receives it by e-mail and in the portal.",
      },
    });
    expect(await remindersOf(customer.id)).toHaveLength(2);

    await app.db.update(profiles).set({ remindersOptOut: true }).where(eq(profiles.id, customer.id));
    expect(await post(admin.user, customer.id, { intent: "send-reminder" })).toMatchObject({
      status: 200,
      body: { ok: true, message: "They turned reminder e-mails off, so it is in their notifications only." },
    });

    const idle = await nothingWaiting();
    expect(await post(admin.user, idle.id, { intent: "send-reminder" })).toEqual({
      status: 409,
      body: { ok: false, error: "Nothing is waiting on this customer: there is nothing to remind them of." },
    });
  });

  it("'Pause reminders' and 'Resume reminders' answer with their toasts; another value is refused (400)", async () => {
    const customer = await twoThingsWaiting();
    expect(await post(admin.user, customer.id, { intent: "pause-reminders", paused: "true" })).toEqual({
      status: 200,
      body: { ok: true, title: "Reminders paused" },
    });
    const [paused] = await app.db.select().from(profiles).where(eq(profiles.id, customer.id));
    expect(paused!.remindersPausedAt).not.toBeNull();
    expect(await post(admin.user, customer.id, { intent: "pause-reminders", paused: "false" })).toEqual({
      status: 200,
      body: { ok: true, title: "Reminders resumed" },
    });
    expect(await post(admin.user, customer.id, { intent: "pause-reminders", paused: "soon" })).toMatchObject({
      status: 400,
    });
    const [resumed] = await app.db.select().from(profiles).where(eq(profiles.id, customer.id));
    expect(resumed!.remindersPausedAt).toBeNull();
  });

  it("a staff member not assigned is refused (404) past the guard; a customer never gets past it", async () => {
    const customer = await twoThingsWaiting();
    const stranger = await app.staff([]);
    expect(await post(stranger.user, customer.id, { intent: "send-reminder" })).toMatchObject({ status: 404 });
    expect(await post(stranger.user, customer.id, { intent: "pause-reminders", paused: "true" })).toMatchObject({
      status: 404,
    });
    expect(await post(customer.user, customer.id, { intent: "send-reminder" })).toEqual({
      guardedBy: "/admin/login?denied=1",
    });
    expect(await remindersOf(customer.id)).toHaveLength(0);
  });
});

describe("the work queue says when each stalled or waiting customer was last reminded", () => {
  it("their latest reminder of any kind, or none, on the stalled services and the rounds waiting for them", async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    // A stalled website (paid 10 days ago, nothing moved), reminded twice; a round waiting, never reminded.
    const stalled = await app.customer();
    await app.payment(stalled.id, {
      serviceType: "website",
      status: "completed",
      createdAt: daysAgo(11),
      updatedAt: daysAgo(10),
    });
    const waiting = await app.customer({ roundWaiting: ["website"] });
    await sendReminderNow({ ...app.services, now: () => daysAgo(4) }, admin.user, { userId: stalled.id });
    await sendReminderNow({ ...app.services, now: () => daysAgo(1) }, admin.user, { userId: stalled.id });

    const queue = await getWorkQueue(app.services, admin.user, { now });
    const stalledRow = queue.stalledCustomers.items.find((item) => item.userId === stalled.id);
    expect(stalledRow).toMatchObject({ service: "website", lastRemindedAt: daysAgo(1).toISOString() });
    const waitingRow = queue.waitingApproval.items.find((item) => item.userId === waiting.id);
    expect(waitingRow).toMatchObject({ title: "First draft", lastRemindedAt: null });

    // Reminded now, the round's row says so; a staff member's queue reads the same for their customers.
    await sendReminderNow(app.services, admin.user, { userId: waiting.id });
    const staff = await app.staff([waiting.id]);
    const theirs = await getWorkQueue(app.services, staff.user, { now: new Date() });
    expect(theirs.waitingApproval.items.map((item) => item.userId)).toEqual([waiting.id]);
    expect(theirs.waitingApproval.items[0]!.lastRemindedAt).not.toBeNull();
    expect(theirs.stalledCustomers.items).toEqual([]);
  });
});
