import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages, notifications, profiles } from "~db/schema";
import { PROGRESS_EMAIL_WINDOW_MS } from "~/features/notifications/progress-email.server";
import { toggleProgressStep } from "~/features/progress/toggle-progress-step.server";
import { createMailer, EmailSender } from "~/lib/email/email.server";
import { saveLanguage } from "~/features/profile/save-language.server";
import { TestSmtp } from "./email-smtp";
import type { SignedIn } from "./support";
import { testApp } from "./test-app";

// A customer's progress e-mails are gathered: one e-mail per customer per window, listing the steps, sent when the
// window ends; the in-app notification of each tick stays immediate.

const app = testApp();
let smtp: TestSmtp;
let sender: EmailSender;
let admin: SignedIn;

beforeAll(async () => {
  smtp = new TestSmtp();
  await smtp.start();
  sender = new EmailSender(
    app.db,
    createMailer({ smtpUrl: smtp.url, from: "portal@progress.test", outboxDir: "/nonexistent" }),
    {
      log: () => {},
      branding: async () => ({
        companyName: "Progress Agency",
        supportEmail: "help@progress.test",
        siteUrl: "https://portal.test",
      }),
    },
  );
  admin = await app.admin();
}, 240_000);

afterAll(async () => {
  await smtp?.stop();
});

const tick = (customer: SignedIn, service: "google_business" | "website", step: string, done = true) =>
  toggleProgressStep(app.services, admin.user, { userId: customer.id, service, step, done });

/** The window ends: what waits for the customer becomes due (as ten minutes later), and the sender runs. */
async function windowEnds(customer: SignedIn) {
  const [profile] = await app.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, customer.id));
  await app.db
    .update(emailMessages)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(and(eq(emailMessages.to, profile!.email), eq(emailMessages.status, "queued")));
  await sender.sendDue();
}

describe("gathered progress e-mails", () => {
  it("two ticks within the window make one e-mail listing both, sent when the window ends, with its link and the agency's name", async () => {
    const customer = await app.customer();
    const before = Date.now();
    await tick(customer, "google_business", "profileCreation");
    await tick(customer, "google_business", "verificationCompleted");
    await sender.sendDue();
    expect(smtp.to(customer.email)).toHaveLength(0);

    // The bell told at once, once per tick.
    const rows = await app.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(eq(notifications.userId, customer.id));
    expect(rows).toHaveLength(2);

    const waiting = await app.db.select().from(emailMessages).where(eq(emailMessages.to, customer.email));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + PROGRESS_EMAIL_WINDOW_MS - 60_000);

    await windowEnds(customer);
    const mails = smtp.to(customer.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.decoded;
    expect(mail).toContain("Subject: Your Google Business Profile: 2 steps done");
    expect(mail).toContain("- Profile Creation");
    expect(mail).toContain("- Verification Completed");
    expect(mail).toContain("https://portal.test/dashboard/progress");
    expect(mail).toContain("Progress Agency");
    expect(mail).toContain("text/html");

    // The next tick after it went starts a new e-mail.
    await tick(customer, "website", "domainHostingSetup");
    await windowEnds(customer);
    expect(smtp.to(customer.email).map((m) => /Subject: (.*)/.exec(m.decoded)?.[1])).toEqual([
      "Your Google Business Profile: 2 steps done",
      "Your website: 1 step done",
    ]);
  });

  it("unticking sends nothing, and takes a step ticked in the window out of its e-mail", async () => {
    const customer = await app.customer();
    await tick(customer, "google_business", "profileCreation");
    await tick(customer, "google_business", "profileCreation", false);
    await windowEnds(customer);
    expect(smtp.to(customer.email)).toHaveLength(0);
    expect(await app.db.select().from(emailMessages).where(eq(emailMessages.to, customer.email))).toHaveLength(0);

    await tick(customer, "website", "websiteLaunch");
    await tick(customer, "website", "domainHostingSetup");
    await tick(customer, "website", "websiteLaunch", false);
    await windowEnds(customer);
    const mails = smtp.to(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.decoded).toContain("Subject: Your website: 1 step done");
    expect(mails[0]!.decoded).not.toContain("Website Launch");
  });

  it("a customer who turned e-mail off gets no progress e-mail, only the bell", async () => {
    const customer = await app.customer();
    await app.db.update(profiles).set({ emailOptOut: true }).where(eq(profiles.id, customer.id));
    await tick(customer, "google_business", "profileCreation");
    await windowEnds(customer);
    expect(smtp.to(customer.email)).toHaveLength(0);
    expect(await app.db.select().from(notifications).where(eq(notifications.userId, customer.id))).toHaveLength(1);
  });

  it("is written in the customer's language", async () => {
    const customer = await app.customer();
    await saveLanguage(app.services, customer.id, "es");
    await tick(customer, "website", "websiteLaunch");
    await tick(customer, "google_business", "profileCreation");
    await windowEnds(customer);
    const mail = smtp.to(customer.email)[0]!.decoded;
    expect(mail).toContain("Hemos completado estos pasos de su proyecto:");
    expect(mail).toContain("- Lanzamiento del sitio web");
  });
});
