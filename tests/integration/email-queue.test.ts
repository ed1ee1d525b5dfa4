import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { emailMessages } from "~db/schema";
import { createMailer, EmailSender, queueEmail } from "~/lib/email/email.server";
import { start } from "../../server/app";
import { TestSmtp } from "./email-smtp";
import { testApp } from "./test-app";

const branding = { companyName: "Queue Co", supportEmail: "help@queue.test" };
const quiet = () => {};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("the e-mail queue against a real SMTP server", () => {
  const app = testApp();
  const smtps: TestSmtp[] = [];
  afterEach(async () => {
    for (const smtp of smtps.splice(0)) await smtp.stop();
  });

  it("sends a message recorded in a committed transaction, with the recipient, text, HTML and footer", async () => {
    const smtp = new TestSmtp();
    smtps.push(smtp);
    await smtp.start();
    const sender = new EmailSender(
      app.db,
      createMailer({ smtpUrl: smtp.url, from: "portal@queue.test", outboxDir: "/nonexistent" }),
      {
        log: quiet,
        branding: async () => branding,
      },
    );
    await app.db.transaction(async (tx) => {
      await queueEmail(tx, {
        to: "ann@queue.test",
        subject: "Payment approved",
        text: "Your payment was approved.",
        replyTo: "reply+abc@replies.queue.test",
      });
    });
    // A rolled-back change records no message.
    await expect(
      app.db.transaction(async (tx) => {
        await queueEmail(tx, { to: "bob@queue.test", subject: "Never", text: "Rolled back." });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    await sender.sendDue();
    expect(smtp.to("ann@queue.test")).toHaveLength(1);
    expect(smtp.to("bob@queue.test")).toHaveLength(0);
    const [mail] = smtp.to("ann@queue.test");
    expect(mail!.decoded).toContain("Subject: Payment approved");
    expect(mail!.decoded).toContain("Your payment was approved.");
    expect(mail!.decoded).toContain("Queue Co · help@queue.test");
    expect(mail!.decoded).toContain("<p>Your payment was approved.</p>");
    expect(mail!.decoded).toContain("From: portal@queue.test");
    // Where the reader's answer goes, and that the message is automatic (no out-of-office reply comes back to it).
    expect(mail!.decoded).toContain("Reply-To: reply+abc@replies.queue.test");
    expect(mail!.decoded).toContain("Auto-Submitted: auto-generated");
    // Sent once: another pass sends nothing more.
    await sender.sendDue();
    expect(smtp.received).toHaveLength(1);
    const rows = await app.db.select().from(emailMessages).where(eq(emailMessages.to, "ann@queue.test"));
    expect(rows).toMatchObject([{ status: "sent", attempts: 1 }]);
  });

  it("names a message's one-click unsubscribe address in List-Unsubscribe (RFC 8058), absolute, and forgets it once sent", async () => {
    const smtp = new TestSmtp();
    smtps.push(smtp);
    await smtp.start();
    const sender = new EmailSender(
      app.db,
      createMailer({ smtpUrl: smtp.url, from: "portal@queue.test", outboxDir: "/nonexistent" }),
      { log: quiet, branding: async () => ({ ...branding, siteUrl: "https://portal.queue.test" }) },
    );
    await queueEmail(app.db, {
      to: "una@queue.test",
      subject: "Something waits for you",
      text: "Your form.",
      unsubscribeLink: "/reminders/unsubscribe?token=abc.def",
    });
    await queueEmail(app.db, { to: "otto@queue.test", subject: "Payment approved", text: "Approved." });
    await sender.sendDue();
    // Long header lines are folded (RFC 5322): read unfolded.
    const headers = smtp.to("una@queue.test")[0]!.decoded.replace(/\r?\n[ \t]+/g, " ");
    expect(headers).toContain("List-Unsubscribe: <https://portal.queue.test/reminders/unsubscribe?token=abc.def>");
    expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(smtp.to("otto@queue.test")[0]!.decoded).not.toContain("List-Unsubscribe");
    const [row] = await app.db.select().from(emailMessages).where(eq(emailMessages.to, "una@queue.test"));
    expect(row).toMatchObject({ status: "sent", unsubscribeLink: null });
  });

  it("forgets where a reply goes once a message went, was given up on or was left mid-send", async () => {
    const smtp = new TestSmtp();
    smtps.push(smtp);
    await smtp.start();
    const replyTo = "reply+forget@replies.queue.test";
    await queueEmail(app.db, { to: "reply-sent@queue.test", subject: "Sent", text: "x", replyTo });
    await queueEmail(app.db, { to: "reply-failed@queue.test", subject: "Given up", text: "x", replyTo });
    await app.db.insert(emailMessages).values({
      to: "reply-crash@queue.test",
      subject: "Mid-send",
      text: "x",
      html: "<p>x</p>",
      replyTo,
      status: "sending",
      attempts: 1,
      nextAttemptAt: new Date(Date.now() - 60 * 60_000),
    });
    const smtpSender = new EmailSender(
      app.db,
      createMailer({ smtpUrl: smtp.url, from: "portal@queue.test", outboxDir: "/nonexistent" }),
      { log: quiet },
    );
    const failing = new EmailSender(
      app.db,
      async (message) => {
        if (message.to === "reply-failed@queue.test") throw new Error("mailbox full");
        await createMailer({ smtpUrl: smtp.url, from: "portal@queue.test", outboxDir: "/nonexistent" })(message);
      },
      { log: quiet, retryBaseMs: 0 },
    );
    for (let attempt = 0; attempt < 8; attempt += 1) await failing.sendDue();
    await smtpSender.sendDue();
    expect(smtp.to("reply-sent@queue.test")[0]!.decoded).toContain(`Reply-To: ${replyTo}`);
    const rows = await app.db.select().from(emailMessages).where(eq(emailMessages.replyTo, replyTo));
    expect(rows).toEqual([]);
    const states = await app.db.select({ to: emailMessages.to, status: emailMessages.status }).from(emailMessages);
    expect(states).toEqual(
      expect.arrayContaining([
        { to: "reply-sent@queue.test", status: "sent" },
        { to: "reply-failed@queue.test", status: "failed" },
        { to: "reply-crash@queue.test", status: "interrupted" },
      ]),
    );
  });

  it("keeps messages while the server is down and sends each once when it is back; two senders never share one", async () => {
    const port = await freePort();
    const smtp = new TestSmtp(port);
    smtps.push(smtp);
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "portal@queue.test",
      outboxDir: "/nonexistent",
    });
    const first = new EmailSender(app.db, mailer, { log: quiet, retryBaseMs: 1 });
    const second = new EmailSender(app.db, mailer, { log: quiet, retryBaseMs: 1 });
    const recipients = ["down1@queue.test", "down2@queue.test", "down3@queue.test"];
    for (const to of recipients) await queueEmail(app.db, { to, subject: "Waiting", text: `Hello ${to}` });

    await first.sendDue();
    const waiting = await app.db.select().from(emailMessages).where(eq(emailMessages.subject, "Waiting"));
    expect(waiting.every((row) => row.status === "queued")).toBe(true);
    expect(waiting.some((row) => row.attempts === 1 && row.lastError)).toBe(true);

    await smtp.start();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([first.sendDue(), second.sendDue()]);
    await Promise.all([first.sendDue(), second.sendDue()]);
    for (const to of recipients) {
      expect(smtp.to(to)).toHaveLength(1);
      expect(smtp.to(to)[0]!.decoded).toContain(`Hello ${to}`);
    }
    const rows = await app.db.select().from(emailMessages).where(eq(emailMessages.subject, "Waiting"));
    expect(rows.every((row) => row.status === "sent")).toBe(true);
  });

  it("never resends a message a stopped process left while sending", async () => {
    const smtp = new TestSmtp();
    smtps.push(smtp);
    await smtp.start();
    await app.db.insert(emailMessages).values({
      to: "crash@queue.test",
      subject: "Mid-send",
      text: "x",
      html: "<p>x</p>",
      status: "sending",
      attempts: 1,
      nextAttemptAt: new Date(Date.now() - 60 * 60_000),
    });
    const sender = new EmailSender(
      app.db,
      createMailer({ smtpUrl: smtp.url, from: "portal@queue.test", outboxDir: "/nonexistent" }),
      { log: quiet },
    );
    await sender.sendDue();
    expect(smtp.to("crash@queue.test")).toHaveLength(0);
    const [row] = await app.db.select().from(emailMessages).where(eq(emailMessages.to, "crash@queue.test"));
    expect(row!.status).toBe("interrupted");
  });
});

describe("the e-mail queue in the running app", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-email-"));
    const port = await freePort();
    for (const key of [
      "ADMIN_EMAIL",
      "ADMIN_PASSWORD",
      "DATABASE_URL",
      "AUTH_SECRET",
      "TRUST_PROXY",
      "SMTP_URL",
      "SMTP_FROM",
    ])
      delete process.env[key];
    Object.assign(process.env, {
      NODE_ENV: "test",
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes .eml files to the outbox without SMTP_URL; with SMTP down, a queued message waits across a restart and arrives once", async () => {
    const first = await start();
    try {
      await queueEmail(first.services.database.db, {
        to: "outbox@queue.test",
        subject: "Into the outbox",
        text: "Kept on disk.",
      });
      await first.mailSender.sendDue();
      const files = readdirSync(path.join(dataDir, "outbox"));
      expect(files).toHaveLength(1);
      const eml = readFileSync(path.join(dataDir, "outbox", files[0]!), "utf8");
      expect(eml).toContain("To: outbox@queue.test");
      expect(eml).toContain("Subject: Into the outbox");
      expect(eml).toContain("Kept on disk.");
    } finally {
      await first.stop();
    }

    const smtpPort = await freePort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
    const down = await start();
    try {
      await queueEmail(down.services.database.db, {
        to: "restart@queue.test",
        subject: "Across a restart",
        text: "Sent once.",
      });
      await down.mailSender.sendDue();
      const [row] = await down.services.database.db
        .select()
        .from(emailMessages)
        .where(eq(emailMessages.to, "restart@queue.test"));
      expect(row).toMatchObject({ status: "queued", attempts: 1 });
    } finally {
      await down.stop();
    }

    const smtp = new TestSmtp(smtpPort);
    await smtp.start();
    const back = await start();
    try {
      // The back-off has passed.
      await back.services.database.db
        .update(emailMessages)
        .set({ nextAttemptAt: new Date() })
        .where(eq(emailMessages.to, "restart@queue.test"));
      await back.mailSender.sendDue();
      await back.mailSender.sendDue();
      expect(smtp.to("restart@queue.test")).toHaveLength(1);
      expect(smtp.to("restart@queue.test")[0]!.decoded).toContain("Sent once.");
      expect(smtp.to("outbox@queue.test")).toHaveLength(0);
    } finally {
      await back.stop();
      await smtp.stop();
    }
  });
});
