import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  emailMessages,
  googleBusinessInfo,
  notifications,
  payments,
  profiles,
  reminders,
  reviewRounds,
  user,
} from "~db/schema";
import { REMINDER_DEFAULT_DAYS } from "~/domain/reminder-schedules";
import { markMessagesRead } from "~/features/messages/mark-messages-read.server";
import { sendMessage } from "~/features/messages/send-message.server";
import { openReminder } from "~/features/reminders/open-reminder.server";
import { readUnsubscribeToken } from "~/features/reminders/reminder-token.server";
import { DAY_MS } from "~/features/reminders/reminders";
import { runReminders } from "~/features/reminders/run-reminders.server";
import { setRemindersPaused } from "~/features/reminders/set-reminders-paused.server";
import { unsubscribeReminders } from "~/features/reminders/unsubscribe-reminders.server";
import { saveSettings } from "~/features/settings/save-settings.server";
import { CUSTOMER_HOME } from "~/lib/http/paths";
import { loader as openLoader } from "~/routes/reminders/open";
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
  middleware as unsubscribeMiddleware,
} from "~/routes/reminders/unsubscribe";
import { routeArgs, SITE_URL, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();

/**
 * The job's run at `days` after `from` (the moment the test's things started waiting), and a second: PostgreSQL keeps
 * microseconds, which a Date read back drops.
 */
const runAt = (from: Date, days: number, options: { batch?: number } = {}) =>
  runReminders(app.services, { now: new Date(from.getTime() + days * DAY_MS + 1000), ...options });

async function sentTo(customer: SignedIn) {
  const [rows, emails, bells] = await Promise.all([
    app.db
      .select({ kind: reminders.kind, step: reminders.step, subject: reminders.subject, id: reminders.id })
      .from(reminders)
      .where(eq(reminders.userId, customer.id))
      .orderBy(reminders.sentAt, reminders.kind),
    app.db
      .select({
        subject: emailMessages.subject,
        text: emailMessages.text,
        unsubscribeLink: emailMessages.unsubscribeLink,
      })
      .from(emailMessages)
      .where(and(eq(emailMessages.to, customer.email), sql`${emailMessages.unsubscribeLink} is not null`))
      .orderBy(emailMessages.createdAt),
    app.db
      .select({ title: notifications.title, data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.userId, customer.id), eq(notifications.type, "reminder")))
      .orderBy(notifications.createdAt),
  ]);
  return { steps: rows.map((row) => `${row.kind}:${row.step}`), rows, emails, bells };
}

/** A loader's answer with the route's middleware run first, as React Router runs it. */
async function throughMiddleware<T>(args: never, handler: (args: never) => T): Promise<Awaited<T>> {
  let answer: Awaited<T> | undefined;
  await unsubscribeMiddleware[0]!(args, async () => {
    answer = await handler(args);
    return new Response();
  });
  return answer!;
}

/** When the customer signed up: what an unpaid sign-up waits since. */
async function signedUpAt(customer: SignedIn): Promise<Date> {
  const [row] = await app.db.select({ at: profiles.createdAt }).from(profiles).where(eq(profiles.id, customer.id));
  return row!.at;
}

/** When a completed payment was completed (what the information form waits since). */
async function completedAt(customer: SignedIn): Promise<Date> {
  const [row] = await app.db
    .select({ at: payments.completedAt })
    .from(payments)
    .where(and(eq(payments.userId, customer.id), eq(payments.status, "completed")));
  return row!.at!;
}

describe("each kind of reminder on its schedule", () => {
  it("signed up and nothing paid: days 2 and 7, once each, in the customer's language; stops once they pay", async () => {
    const customer = await app.customer();
    await app.db.update(user).set({ language: "es" }).where(eq(user.id, customer.id));
    const since = await signedUpAt(customer);
    await runAt(since, 1.9);
    expect((await sentTo(customer)).steps).toEqual([]);
    await runAt(since, 2);
    await runAt(since, 3);
    const sent = await sentTo(customer);
    expect(sent.steps).toEqual(["unpaid_signup:1"]);
    expect(sent.emails).toHaveLength(1);
    expect(sent.emails[0]!.subject).toBe("Su cuenta está lista para un servicio");
    expect(sent.emails[0]!.text).toContain(`${SITE_URL}/reminders/${sent.rows[0]!.id}`);
    expect(sent.bells.map((bell) => bell.title)).toEqual(["Su cuenta está lista para un servicio"]);
    await runAt(since, 7);
    expect((await sentTo(customer)).steps).toEqual(["unpaid_signup:1", "unpaid_signup:2"]);

    // Another customer pays (a proof waits for review) before day 7: the second reminder never goes.
    const payer = await app.customer();
    const paidSince = await signedUpAt(payer);
    await runAt(paidSince, 2);
    await app.payment(payer.id);
    await runAt(paidSince, 7);
    await runAt(paidSince, 30);
    expect((await sentTo(payer)).steps).toEqual(["unpaid_signup:1"]);
  });

  it("paid, information form not sent: days 2, 5 and 10; stops once the form is sent", async () => {
    const customer = await app.customer({ paidFirstOf: ["google_business"] });
    const since = await completedAt(customer);
    await runAt(since, 2);
    await runAt(since, 5);
    const sent = await sentTo(customer);
    expect(sent.steps).toEqual(["information_form:1", "information_form:2"]);
    expect(sent.rows[0]!.subject).toBe("google_business");
    expect(sent.emails.map((email) => email.subject)).toEqual([
      "We are waiting for your information",
      "We are waiting for your information",
    ]);
    await app.db.insert(googleBusinessInfo).values({ userId: customer.id, legalBusinessName: "Casey Plumbing" });
    await runAt(since, 10);
    expect((await sentTo(customer)).steps).toEqual(["information_form:1", "information_form:2"]);
  });

  it("an approval waiting: days 2 and 5; stops once the customer decides", async () => {
    const customer = await app.customer({
      paid: ["google_business"],
      informationSent: ["google_business"],
      roundWaiting: ["google_business"],
    });
    const [round] = await app.db.select().from(reviewRounds).where(eq(reviewRounds.userId, customer.id));
    await runAt(round!.createdAt, 2);
    let sent = await sentTo(customer);
    expect(sent.steps).toEqual(["approval_round:1"]);
    expect(sent.rows[0]!.subject).toBe(round!.id);
    expect(sent.emails[0]!.text).toContain(`(v1) is waiting for you`);
    await app.db
      .update(reviewRounds)
      .set({ decision: "approved", decidedAt: new Date() })
      .where(eq(reviewRounds.id, round!.id));
    await runAt(round!.createdAt, 5);
    sent = await sentTo(customer);
    expect(sent.steps).toEqual(["approval_round:1"]);
  });

  it("the website's second payment after 'Review & Client Approval': days 3, 7 and 14; stops once it is sent", async () => {
    const customer = await app.customer({
      paidFirstOf: ["website"],
      informationSent: ["website"],
      progress: {
        website: [
          "clientInfoReceived",
          "domainHostingSetup",
          "planningStructure",
          "designLayout",
          "websiteDevelopment",
          "seoOptimization",
          "reviewApproval",
        ],
      },
    });
    const since = new Date();
    await runAt(since, 2.9);
    expect((await sentTo(customer)).steps).toEqual([]);
    await runAt(since, 3);
    await runAt(since, 7);
    const sent = await sentTo(customer);
    expect(sent.steps).toEqual(["second_payment:1", "second_payment:2"]);
    expect(sent.emails[0]!.text).toContain("/reminders/");
    const [row] = await app.db
      .select({ link: reminders.link })
      .from(reminders)
      .where(eq(reminders.id, sent.rows[0]!.id));
    // Its link opens the website page with the second payment's dialog.
    expect(row!.link).toBe("/dashboard/website?pay=2");
    await app.payment(customer.id, { serviceType: "website", paymentNumber: 2 });
    await runAt(since, 14);
    expect((await sentTo(customer)).steps).toEqual(["second_payment:1", "second_payment:2"]);
  });

  it("a rejected payment not sent again: day 3; none when it was sent again before", async () => {
    const customer = await app.customer();
    const paymentId = await app.payment(customer.id, { status: "rejected" });
    const since = new Date();
    await runAt(since, 3);
    const sent = await sentTo(customer);
    expect(sent.steps).toEqual(["rejected_payment:1"]);
    expect(sent.rows[0]!.subject).toBe(paymentId);
    expect(sent.emails[0]!.subject).toBe("Your payment still needs you");

    const again = await app.customer();
    await app.payment(again.id, { status: "rejected" });
    await app.payment(again.id, { status: "pending" });
    await runAt(new Date(), 3);
    expect((await sentTo(again)).steps).toEqual([]);
  });

  it("unread messages from the agency: day 2, one e-mail that counts them; none once they are read", async () => {
    const admin = await app.admin();
    const customer = await app.customer();
    await app.payment(customer.id);
    await sendMessage(app.services, admin.user, { userId: customer.id, body: "Your draft is ready" });
    await sendMessage(app.services, admin.user, { userId: customer.id, body: "And one more thing" });
    const since = new Date();
    await runAt(since, 2);
    const sent = await sentTo(customer);
    expect(sent.steps).toEqual(["unread_messages:1"]);
    expect(sent.emails.map((email) => email.text)).toEqual([
      expect.stringContaining("2 messages from the team are waiting for you."),
    ]);

    const reader = await app.customer();
    await app.payment(reader.id);
    await sendMessage(app.services, admin.user, { userId: reader.id, body: "Hello" });
    await markMessagesRead(app.services, reader.user, { userId: reader.id });
    await runAt(new Date(), 2);
    expect((await sentTo(reader)).steps).toEqual([]);
  });
});

describe("what the job sends at once, and what it never sends", () => {
  it("several due the same day go in one e-mail (a bell each); one due within a day of the last e-mail waits for the next day", async () => {
    const customer = await app.customer({ paidFirstOf: ["website"], roundWaiting: ["google_business"] });
    const since = new Date();
    await runAt(since, 2);
    let sent = await sentTo(customer);
    expect(sent.steps.sort()).toEqual(["approval_round:1", "information_form:1"]);
    expect(sent.emails).toHaveLength(1);
    expect(sent.emails[0]!.subject).toBe("2 things are waiting for you");
    expect(sent.bells).toHaveLength(2);

    // A rejected payment's reminder falls due half a day after that e-mail: it waits until a whole day has passed.
    await app.payment(customer.id, { serviceType: "google_business", status: "rejected", createdAt: since });
    await app.db
      .update(payments)
      .set({ updatedAt: new Date(since.getTime() - 0.5 * DAY_MS) })
      .where(and(eq(payments.userId, customer.id), eq(payments.status, "rejected")));
    await runAt(since, 2.6);
    expect((await sentTo(customer)).emails).toHaveLength(1);
    await runAt(since, 3);
    sent = await sentTo(customer);
    expect(sent.emails).toHaveLength(2);
    expect(sent.steps).toContain("rejected_payment:1");
  });

  it("a restart, a run again at the same moment and a clock that goes back send nothing twice; a clock that jumps sends the last step only", async () => {
    const customer = await app.customer({ paidFirstOf: ["google_business"] });
    const since = await completedAt(customer);
    await runAt(since, 2);
    await runAt(since, 2);
    await runAt(since, 1);
    expect((await sentTo(customer)).steps).toEqual(["information_form:1"]);
    await runAt(since, 40);
    await runAt(since, 41);
    const sent = await sentTo(customer);
    expect(sent.steps).toEqual([
      "information_form:1",
      `information_form:${REMINDER_DEFAULT_DAYS.information_form.length}`,
    ]);
    expect(sent.emails).toHaveLength(2);
  });

  it("silent while paused, and once resumed the last step reached goes (not one per day missed)", async () => {
    const admin = await app.admin();
    const customer = await app.customer({ paidFirstOf: ["google_business"] });
    const since = await completedAt(customer);
    await setRemindersPaused(app.services, admin.user, { userId: customer.id, paused: true });
    await runAt(since, 2);
    await runAt(since, 6);
    expect((await sentTo(customer)).steps).toEqual([]);
    await setRemindersPaused(app.services, admin.user, { userId: customer.id, paused: false });
    await runAt(since, 6);
    expect((await sentTo(customer)).steps).toEqual(["information_form:2"]);
  });

  it("silent once unsubscribed through the e-mail's signed link, which changes nothing with a forged token", async () => {
    const customer = await app.customer({ paidFirstOf: ["google_business"] });
    const since = await completedAt(customer);
    await runAt(since, 2);
    const { emails } = await sentTo(customer);
    const link = emails[0]!.unsubscribeLink!;
    const token = new URL(link, SITE_URL).searchParams.get("token");
    expect(readUnsubscribeToken(app.services.env.AUTH_SECRET, token)).toBe(customer.id);
    const other = await app.customer();
    await expect(unsubscribeReminders(app.services, `${other.id}.${token!.split(".")[1]}`)).rejects.toMatchObject({
      code: "unsubscribe_link_invalid",
    });
    await unsubscribeReminders(app.services, token);
    await unsubscribeReminders(app.services, token);
    await runAt(since, 5);
    expect((await sentTo(customer)).steps).toEqual(["information_form:1"]);
  });

  it("a kind turned off in the Reminders tab is silent at the next run, and a changed schedule is in force at once", async () => {
    const admin = await app.admin();
    const stored = (await app.services.settings.get()).reminders;
    try {
      await saveSettings(app.services, admin.user, {
        section: "reminders",
        values: { ...stored, approvalRoundOn: false, informationFormDays: "1" },
      });
      const customer = await app.customer({ paidFirstOf: ["google_business"], roundWaiting: ["website"] });
      const since = new Date();
      await runAt(since, 1);
      await runAt(since, 3);
      expect((await sentTo(customer)).steps).toEqual(["information_form:1"]);
    } finally {
      await saveSettings(app.services, admin.user, { section: "reminders", values: stored });
    }
  });

  it("a team member is never reminded; a deleted customer is not either", async () => {
    const staff = await app.staff();
    const gone = await app.customer();
    const since = new Date();
    await app.db.delete(user).where(eq(user.id, gone.id));
    await runAt(since, 8);
    expect((await sentTo(staff)).steps).toEqual([]);
    const rows = await app.db.select().from(reminders).where(eq(reminders.userId, gone.id));
    expect(rows).toEqual([]);
  });
});

describe("the job across instances and batches", () => {
  it("two runs at once send each reminder once", async () => {
    const customers = [await app.customer(), await app.customer(), await app.customer()];
    const since = new Date();
    const outcomes = await Promise.all([runAt(since, 2), runAt(since, 2), runAt(since, 2)]);
    expect(outcomes.some((outcome) => outcome.ran)).toBe(true);
    for (const customer of customers) {
      const sent = await sentTo(customer);
      expect(sent.steps).toEqual(["unpaid_signup:1"]);
      expect(sent.emails).toHaveLength(1);
      expect(sent.bells).toHaveLength(1);
    }
  });

  it("a run handles a bounded batch of customers; the next run takes the rest", async () => {
    // Everyone before this test has had every step a far future brings: only the customers made here are due.
    await runAt(new Date(), 400);
    const customers = [await app.customer(), await app.customer(), await app.customer()];
    const since = new Date();
    const first = await runAt(since, 2, { batch: 2 });
    expect(first).toEqual({ ran: true, customers: 2, reminders: 2, more: true });
    const second = await runAt(since, 2, { batch: 2 });
    expect(second).toEqual({ ran: true, customers: 1, reminders: 1, more: false });
    for (const customer of customers) expect((await sentTo(customer)).steps).toEqual(["unpaid_signup:1"]);
  });
});

describe("the reminder e-mail's links", () => {
  it("a reminder's link notes when it was first opened and leads to its page; an unknown one to the progress page", async () => {
    const customer = await app.customer({ paidFirstOf: ["website"] });
    await runAt(await completedAt(customer), 2);
    const [row] = await app.db.select().from(reminders).where(eq(reminders.userId, customer.id));
    const response = (await openLoader(
      await routeArgs(app.services, `/reminders/${row!.id}`, {}, { reminderId: row!.id }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/website");
    const [opened] = await app.db.select().from(reminders).where(eq(reminders.id, row!.id));
    expect(opened!.openedAt).not.toBeNull();
    // Opened again: the first time stays.
    expect(await openReminder(app.services, row!.id)).toBe("/dashboard/website");
    const [again] = await app.db.select().from(reminders).where(eq(reminders.id, row!.id));
    expect(again!.openedAt).toEqual(opened!.openedAt);
    expect(await openReminder(app.services, "not-an-id")).toBe(CUSTOMER_HOME);
    expect(await openReminder(app.services, crypto.randomUUID())).toBe(CUSTOMER_HOME);
  });

  it("the unsubscribe page works signed out, in the customer's language, by its button or a mail program's one-click POST", async () => {
    const customer = await app.customer({ paidFirstOf: ["website"] });
    await app.db.update(user).set({ language: "es" }).where(eq(user.id, customer.id));
    await runAt(await completedAt(customer), 2);
    const { emails } = await sentTo(customer);
    const path = emails[0]!.unsubscribeLink!;
    const page = await throughMiddleware(await routeArgs(app.services, path), unsubscribeLoader);
    expect(page).toMatchObject({ valid: true, title: "Correos de recordatorio" });
    const forged = await throughMiddleware(
      await routeArgs(app.services, "/reminders/unsubscribe?token=nope"),
      unsubscribeLoader,
    );
    expect(forged).toMatchObject({ valid: false, title: "Reminder e-mails" });
    // A GET (a mail scanner opening the link) turned nothing off.
    expect((await app.db.select().from(profiles).where(eq(profiles.id, customer.id)))[0]!.remindersOptOut).toBe(false);
    const oneClick = await routeArgs(app.services, path, {
      method: "POST",
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    expect(await unsubscribeAction(oneClick)).toEqual({ ok: true });
    const [row] = await app.db
      .select({ optedOut: profiles.remindersOptOut })
      .from(profiles)
      .where(eq(profiles.id, customer.id));
    expect(row!.optedOut).toBe(true);
    const bad = await routeArgs(app.services, "/reminders/unsubscribe?token=nope", { method: "POST" });
    expect(await unsubscribeAction(bad)).toEqual({ ok: false });
  });
});
