import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminSettings, auditEvents, emailMessages, notifications } from "~db/schema";
import { RETENTION_DEFAULTS, type RetentionSettings } from "~/domain/admin-settings";
import { getRetentionStatus } from "~/features/retention/get-retention-status.server";
import { DAY_MS } from "~/features/retention/retention";
import { RetentionJob } from "~/features/retention/retention-job.server";
import { RETENTION_RUN_KEY, runRetention } from "~/features/retention/run-retention.server";
import { saveSettings } from "~/features/settings/save-settings.server";
import { outboxFileName } from "~/lib/email/outbox.server";
import { action as settingsAction } from "~/routes/admin/settings";
import { expectHttpError, formPost, routeAnswer, routeContext, type SignedIn } from "./support";
import { addNotification as addOwnNotification, ago } from "./retention-support";
import { testApp } from "./test-app";

const app = testApp();
let customer: SignedIn;
let staff: SignedIn;
let admin: SignedIn;

const MINUTE = 60_000;
const addNotification = (createdAt: Date, isRead: boolean) =>
  addOwnNotification(app.db, customer.id, createdAt, isRead);

async function addAuditEvent(createdAt: Date): Promise<string> {
  const [row] = await app.db
    .insert(auditEvents)
    .values({
      actorId: admin.id,
      action: "note.create",
      customerId: customer.id,
      detail: { title: "retention test" },
      createdAt,
    })
    .returning({ id: auditEvents.id });
  return row!.id;
}

async function addEmail(
  status: "queued" | "sending" | "sent" | "failed" | "interrupted",
  createdAt: Date,
  sentAt: Date | null = null,
): Promise<string> {
  const [row] = await app.db
    .insert(emailMessages)
    .values({
      to: "retention@example.com",
      subject: "Hello",
      text: "Hello",
      html: "<p>Hello</p>",
      status,
      createdAt,
      sentAt,
      nextAttemptAt: createdAt,
    })
    .returning({ id: emailMessages.id });
  return row!.id;
}

/** Which of these rows are still there. */
async function remaining(
  table: typeof notifications | typeof auditEvents | typeof emailMessages,
  ids: string[],
): Promise<string[]> {
  const rows = await app.db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return ids.filter((id) => rows.some((row) => row.id === id));
}

async function forgetLastRun() {
  await app.db.execute(sql`update admin_settings set values = values - ${RETENTION_RUN_KEY}::text`);
}

async function saveRetention(values: Partial<RetentionSettings>) {
  await saveSettings(app.services, admin.user, {
    section: "retention",
    values: { ...RETENTION_DEFAULTS, ...values },
  });
}

/** The rows the tests add are theirs alone: the sign-ups' own (recent) rows stay, and are never old enough to go. */
async function clearOldRows() {
  await app.db.delete(notifications).where(eq(notifications.type, "retention_test"));
  await app.db.delete(auditEvents).where(sql`${auditEvents.detail} ->> 'title' = 'retention test'`);
  await app.db.delete(emailMessages).where(eq(emailMessages.to, "retention@example.com"));
}

beforeAll(async () => {
  admin = await app.admin();
  customer = await app.customer();
  staff = await app.staff([customer.id]);
});

beforeEach(async () => {
  await clearOldRows();
  await forgetLastRun();
  await saveRetention({});
});

describe("the retention clean-up", () => {
  it("removes only what is past its limit: read notifications, audit events and finished e-mails; never unread or unsent ones", async () => {
    const now = new Date();
    const notificationsGone = [
      await addNotification(ago(now, 180, 5), true),
      await addNotification(ago(now, 400), true),
    ];
    const notificationsKept = [
      await addNotification(ago(now, 180, -5), true),
      // Unread, however old: the customer has not seen it.
      await addNotification(ago(now, 400), false),
      await addNotification(now, true),
    ];
    const auditGone = [await addAuditEvent(ago(now, 730, 5))];
    const auditKept = [await addAuditEvent(ago(now, 730, -5)), await addAuditEvent(ago(now, 10))];
    const emailsGone = [
      // A sent e-mail's age is from its sending; a failed or interrupted one's from its queueing.
      await addEmail("sent", ago(now, 95), ago(now, 90, 5)),
      await addEmail("failed", ago(now, 90, 5)),
      await addEmail("interrupted", ago(now, 200)),
    ];
    const emailsKept = [
      await addEmail("sent", ago(now, 95), ago(now, 90, -5)),
      await addEmail("failed", ago(now, 90, -5)),
      // Still to send (a long outage, a retry): never removed, whatever their age.
      await addEmail("queued", ago(now, 365)),
      await addEmail("sending", ago(now, 365)),
    ];

    const outcome = await runRetention(app.services, { now });
    expect(outcome).toEqual({
      ran: true,
      run: {
        startedAt: now.toISOString(),
        finishedAt: expect.any(String),
        removed: { readNotifications: 2, auditEvents: 1, sentEmails: 3, lostLeads: 0 },
      },
    });
    expect(await remaining(notifications, [...notificationsGone, ...notificationsKept])).toEqual(notificationsKept);
    expect(await remaining(auditEvents, [...auditGone, ...auditKept])).toEqual(auditKept);
    expect(await remaining(emailMessages, [...emailsGone, ...emailsKept])).toEqual(emailsKept);
  });

  it("removes the outbox copies of the e-mails it removes, and any copy as old: none outlives its row", async () => {
    const now = new Date();
    const outboxDir = mkdtempSync(path.join(os.tmpdir(), "retention-outbox-"));
    try {
      const copy = (id: string, at: Date) => {
        const name = outboxFileName(id, at);
        writeFileSync(path.join(outboxDir, name), `To: retention@example.com\n\nHello ${id}\n`);
        return name;
      };
      const oldSent = await addEmail("sent", ago(now, 95), ago(now, 90, 5));
      const recentSent = await addEmail("sent", ago(now, 95), ago(now, 90, -5));
      const gone = [
        copy(oldSent, ago(now, 90, 5)),
        // Written again later (a retried send): it still goes with its row.
        copy(oldSent, ago(now, 1)),
        // Its row went before (an erasure whose clean-up failed, an older version): gone once as old as its row would be.
        copy(randomUUID(), ago(now, 120)),
      ];
      const kept = [copy(recentSent, ago(now, 90, -5)), copy(randomUUID(), ago(now, 3)), "notes.txt"];
      writeFileSync(path.join(outboxDir, "notes.txt"), "not a copy");

      const outcome = await runRetention({ ...app.services, outboxDir }, { now });
      expect(outcome).toMatchObject({ ran: true, run: { removed: { sentEmails: 1 } } });
      expect(readdirSync(outboxDir).sort()).toEqual(kept.sort());
      expect(gone.some((name) => existsSync(path.join(outboxDir, name)))).toBe(false);
    } finally {
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it("runs once a day, whichever instance or restart asks: the last run is kept with the settings and shown to admins", async () => {
    const now = new Date();
    const first = await runRetention(app.services, { now });
    expect(first.ran).toBe(true);
    const old = await addNotification(ago(now, 365), true);
    // A restart an hour later, or 23 hours later: nothing to do yet.
    for (const hours of [1, 23]) {
      const later = new Date(now.getTime() + hours * 60 * MINUTE);
      expect(await runRetention(app.services, { now: later })).toEqual({
        ran: false,
        reason: "not_due",
        lastRun: first.ran ? first.run : null,
      });
    }
    expect(await remaining(notifications, [old])).toEqual([old]);
    const nextDay = new Date(now.getTime() + DAY_MS);
    const second = await runRetention(app.services, { now: nextDay });
    expect(second).toMatchObject({
      ran: true,
      run: { startedAt: nextDay.toISOString(), removed: { readNotifications: 1 } },
    });
    expect(await remaining(notifications, [old])).toEqual([]);

    // The Database tab reads it; only admins.
    expect(await getRetentionStatus(app.services, admin.user)).toEqual({ lastRun: second.ran ? second.run : null });
    await expectHttpError(getRetentionStatus(app.services, staff.user), 403);
    await expectHttpError(getRetentionStatus(app.services, customer.user), 403);
    await expectHttpError(getRetentionStatus(app.services, null), 401);
    await forgetLastRun();
    expect(await getRetentionStatus(app.services, admin.user)).toEqual({ lastRun: null });
  });

  it("takes a settings change at its next run, and the run and the settings never overwrite each other", async () => {
    const now = new Date();
    const tenDays = await addNotification(ago(now, 10), true);
    const fortyDays = await addEmail("sent", ago(now, 40), ago(now, 40));
    expect((await runRetention(app.services, { now })).ran).toBe(true);
    expect(await remaining(notifications, [tenDays])).toEqual([tenDays]);

    await saveRetention({ readNotificationsDays: 7, sentEmailsDays: 30 });
    // Saving a tab kept the last run beside it; the run did not touch the sections either.
    const [row] = await app.db.select({ values: adminSettings.values }).from(adminSettings);
    expect(row!.values).toMatchObject({
      retention: { readNotificationsDays: 7, auditEventsDays: 730, sentEmailsDays: 30 },
      [RETENTION_RUN_KEY]: { startedAt: now.toISOString() },
    });

    const outcome = await runRetention(app.services, { now: new Date(now.getTime() + DAY_MS) });
    expect(outcome).toMatchObject({ ran: true, run: { removed: { readNotifications: 1, sentEmails: 1 } } });
    expect(await remaining(notifications, [tenDays])).toEqual([]);
    expect(await remaining(emailMessages, [fortyDays])).toEqual([]);
    expect((await app.services.settings.get()).retention).toEqual({
      readNotificationsDays: 7,
      auditEventsDays: 730,
      sentEmailsDays: 30,
      lostLeadsDays: 365,
    });
  });

  it("is saved from the Database tab's form like any tab: bounds refused with their message, good values stored and audited", async () => {
    const post = async (fields: Record<string, string>) => {
      const request = formPost("/admin/settings", { intent: "save-settings", section: "retention", ...fields });
      return routeAnswer(
        await settingsAction({ request, context: routeContext(app.services, admin.user), params: {} } as never),
      );
    };
    const refused = await post({
      readNotificationsDays: "180",
      auditEventsDays: "30",
      sentEmailsDays: "90",
      lostLeadsDays: "365",
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("Keep audit events for a whole number of days from 90 to 3650");
    expect((await app.services.settings.get()).retention.auditEventsDays).toBe(730);

    const saved = await post({
      readNotificationsDays: "30",
      auditEventsDays: "365",
      sentEmailsDays: "14",
      lostLeadsDays: "90",
    });
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    expect((await app.services.settings.get()).retention).toEqual({
      readNotificationsDays: 30,
      auditEventsDays: 365,
      sentEmailsDays: 14,
      lostLeadsDays: 90,
    });
    const [event] = await app.db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(sql`${auditEvents.action} = 'settings.update' and ${auditEvents.detail} ->> 'section' = 'retention'`)
      .orderBy(sql`${auditEvents.createdAt} desc`)
      .limit(1);
    expect(event!.detail).toEqual({
      section: "retention",
      changed: {
        readNotificationsDays: { from: 180, to: 30 },
        auditEventsDays: { from: 730, to: 365 },
        sentEmailsDays: { from: 90, to: 14 },
        lostLeadsDays: { from: 365, to: 90 },
      },
    });
  });

  it("deletes in batches, and a shutdown between two batches stops it there without counting it as the day's run", async () => {
    const now = new Date();
    const ids = await Promise.all(Array.from({ length: 25 }, (_, i) => addNotification(ago(now, 200, i), true)));
    let batches = 0;
    const stopped = await runRetention(app.services, {
      now,
      batchSize: 10,
      pauseMs: 0,
      shouldStop: () => batches++ >= 1,
    });
    expect(stopped).toEqual({
      ran: false,
      reason: "stopped",
      removed: { readNotifications: 10, auditEvents: 0, sentEmails: 0, lostLeads: 0 },
    });
    expect(await remaining(notifications, ids)).toHaveLength(15);
    expect(await getRetentionStatus(app.services, admin.user)).toEqual({ lastRun: null });

    const finished = await runRetention(app.services, { now, batchSize: 10, pauseMs: 0 });
    expect(finished).toMatchObject({ ran: true, run: { removed: { readNotifications: 15 } } });
    expect(await remaining(notifications, ids)).toEqual([]);
  });

  it("lets one pass at a time in: a second pass meanwhile skips it", async () => {
    const now = new Date();
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => addNotification(ago(now, 200, i), true)));
    const [one, two] = await Promise.all([
      runRetention(app.services, { now, batchSize: 2, pauseMs: 20 }),
      runRetention(app.services, { now, batchSize: 2, pauseMs: 20 }),
    ]);
    const outcomes = [one, two].sort((a, b) => Number(b.ran) - Number(a.ran));
    expect(outcomes[0]).toMatchObject({ ran: true, run: { removed: { readNotifications: 12 } } });
    expect(outcomes[1]).toMatchObject({ ran: false });
    expect(await remaining(notifications, ids)).toEqual([]);
  });

  it("runs from its timer after start, and stops with the app", async () => {
    const old = await addNotification(ago(new Date(), 365), true);
    const lines: string[] = [];
    const job = new RetentionJob(app.services, {
      firstCheckMs: 5,
      log: (line) => lines.push(line),
      logError: (line) => lines.push(line),
    });
    job.start();
    try {
      await expect
        .poll(() => lines, { timeout: 5_000 })
        .toContainEqual(
          expect.stringMatching(/^Retention: removed 1 read notification\(s\), 0 audit event\(s\), 0 e-mail\(s\)$/),
        );
      expect(await remaining(notifications, [old])).toEqual([]);
      // A look within the day does nothing.
      expect(await job.runOnce()).toMatchObject({ ran: false, reason: "not_due" });
    } finally {
      await job.stop();
    }
  });
});
