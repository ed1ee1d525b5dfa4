import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages, verification } from "~db/schema";
import { createMailer, EmailSender } from "~/lib/email/email.server";
import { TestSmtp } from "./email-smtp";
import { authRequest, sessionUserFor, signIn, uniqueEmail } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let smtp: TestSmtp;
let sender: EmailSender;

beforeAll(async () => {
  smtp = new TestSmtp();
  await smtp.start();
  sender = new EmailSender(
    app.db,
    createMailer({ smtpUrl: smtp.url, from: "portal@reset.test", outboxDir: "/nonexistent" }),
    { log: () => {} },
  );
});

afterAll(async () => {
  await smtp.stop();
});

const NEW_PASSWORD = "N3w!Password-after-reset";

async function requestReset(email: string) {
  const response = await authRequest(app.services, "/request-password-reset", { email });
  return { status: response.status, body: await response.text() };
}

/** The token of the last reset e-mail that arrived for `email`, from the link in its text. */
function tokenFor(email: string): string {
  const mails = smtp.to(email);
  const last = mails.at(-1)?.decoded ?? "";
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(last);
  expect(match, last).not.toBeNull();
  return match![1]!;
}

describe("password reset", () => {
  it("answers the same for an unknown address and sends nothing", async () => {
    const customer = await app.customer();
    const before = smtp.received.length;
    const known = await requestReset(customer.email);
    const unknown = await requestReset(uniqueEmail("nobody"));
    expect(unknown).toEqual(known);
    expect(known.status).toBe(200);
    await sender.sendDue();
    expect(smtp.to(customer.email)).toHaveLength(1);
    expect(smtp.received).toHaveLength(before + 1);
  });

  it("e-mails a single-use link; the new password follows the sign-up rules and ends every session", async () => {
    const customer = await app.customer({ name: "Rita Reset" });
    expect((await requestReset(customer.email)).status).toBe(200);
    await sender.sendDue();
    const [mail] = smtp.to(customer.email);
    expect(mail!.decoded).toContain("Subject: Reset your password");
    expect(mail!.decoded).toContain("Hello Rita Reset,");
    const token = tokenFor(customer.email);

    const weak = await authRequest(app.services, "/reset-password", { token, newPassword: "alllowercase-but-long" });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("Password must contain at least one uppercase letter");

    const reset = await authRequest(app.services, "/reset-password", { token, newPassword: NEW_PASSWORD });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect(await sessionUserFor(app.services, customer.cookie)).toBeNull();
    expect((await signIn(app.services, customer.email, customer.password)).status).toBe(401);
    expect((await signIn(app.services, customer.email, NEW_PASSWORD)).status).toBe(200);

    const again = await authRequest(app.services, "/reset-password", { token, newPassword: "An0ther!Password-x" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("INVALID_TOKEN");
  });

  it("keeps no copy of the link once the e-mail went: the body is blank, the token nowhere in the table; address and subject stay", async () => {
    const customer = await app.customer();
    expect((await requestReset(customer.email)).status).toBe(200);
    await sender.sendDue();
    const token = tokenFor(customer.email);
    const rows = await app.db.select().from(emailMessages).where(eq(emailMessages.to, customer.email));
    expect(rows).toMatchObject([
      { status: "sent", subject: "Reset your password", text: "", html: "", link: null, gathered: null, replyTo: null },
    ]);
    const { rows: naming } = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_messages t where position(${token} in t::text) > 0`,
    );
    expect(Number(naming[0]?.n)).toBe(0);
    // The e-mail that went still works.
    expect((await authRequest(app.services, "/reset-password", { token, newPassword: NEW_PASSWORD })).status).toBe(200);
  });

  it("refuses an expired link", async () => {
    const customer = await app.customer();
    await requestReset(customer.email);
    await sender.sendDue();
    const token = tokenFor(customer.email);
    await app.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const response = await authRequest(app.services, "/reset-password", { token, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(400);
  });

  it("sends at most three e-mails per account per hour, answering the same", async () => {
    const customer = await app.customer();
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await requestReset(customer.email));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    await sender.sendDue();
    expect(smtp.to(customer.email)).toHaveLength(3);
  });

  it("rate-limits reset requests per client address", async () => {
    const ip = "10.9.9.9";
    const statuses = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push(
        (await authRequest(app.services, "/request-password-reset", { email: uniqueEmail("flood") }, { ip })).status,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
