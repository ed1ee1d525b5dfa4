import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { emailMessages, notifications } from "~db/schema";
import { decidePayment } from "~/features/payments/review/decide-payment.server";
import { submitZelleProof } from "~/features/payments/zelle/submit-zelle-proof.server";
import { updateEmailPreferences } from "~/features/profile/update-email-preferences.server";
import { getProfile } from "~/features/profile/get-profile.server";
import { updateProfile } from "~/features/profile/update-profile.server";
import { toggleProgressStep } from "~/features/progress/toggle-progress-step.server";
import { notifySystemError } from "~/features/notifications/notify-system-error.server";
import { saveSettings } from "~/features/settings/save-settings.server";
import { createMailer, EmailSender } from "~/lib/email/email.server";
import { TestSmtp } from "./email-smtp";
import { expectHttpError, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let smtp: TestSmtp;
let sender: EmailSender;
let admin: SignedIn;

const NOTIFICATIONS = {
  emailNotifications: true,
  pushNotifications: true,
  newUserRegistration: true,
  newSubmission: true,
  profileUpdates: true,
  systemErrors: false,
};

beforeAll(async () => {
  smtp = new TestSmtp();
  await smtp.start();
  sender = new EmailSender(
    app.db,
    createMailer({ smtpUrl: smtp.url, from: "portal@events.test", outboxDir: "/nonexistent" }),
    {
      log: () => {},
      branding: async () => ({ companyName: "Events Co", supportEmail: "help@events.test" }),
    },
  );
  admin = await app.admin();
});

afterAll(async () => {
  await smtp.stop();
});

describe("e-mails of events", () => {
  it("tells the customer of a rejected payment with the admin's note, and of a completed step", async () => {
    const customer = await app.customer();
    const paymentId = await app.payment(customer.id);
    await decidePayment(app.services, admin.user, {
      paymentId,
      decision: "reject",
      notes: "The amount does not match",
    });
    await toggleProgressStep(app.services, admin.user, {
      userId: customer.id,
      service: "google_business",
      step: "profileCreation",
      done: true,
    });
    await sender.sendDue();
    // The step's e-mail waits for the other steps of its window (progress-email.test.ts); then it goes too.
    expect(smtp.to(customer.email)).toHaveLength(1);
    await app.db.update(emailMessages).set({ nextAttemptAt: new Date() }).where(eq(emailMessages.status, "queued"));
    await sender.sendDue();
    const mails = smtp.to(customer.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.decoded).toContain("Subject: Payment Rejected");
    expect(mails[0]!.decoded).toContain(
      "Your payment for Google Business Profile Setup has been rejected. Admin notes: The amount does not match",
    );
    expect(mails[0]!.decoded).toContain("Events Co · help@events.test");
    expect(mails[1]!.decoded).toContain("Subject: Your Google Business Profile: 1 step done");
    expect(mails.every((mail) => mail.to.length === 1)).toBe(true);
  });

  it("tells the customer of an approved payment; sends nothing once the customer turned e-mail off", async () => {
    const customer = await app.customer();
    await decidePayment(app.services, admin.user, {
      paymentId: await app.payment(customer.id),
      decision: "approve",
    });
    await sender.sendDue();
    expect(smtp.to(customer.email)).toHaveLength(1);
    expect(smtp.to(customer.email)[0]!.decoded).toContain(
      "Your payment for Google Business Profile Setup has been approved",
    );

    await updateEmailPreferences(app.services, customer.user, { emailUpdates: false, reminders: true });
    expect((await getProfile(app.services, customer.user)).emailUpdates).toBe(false);
    await toggleProgressStep(app.services, admin.user, {
      userId: customer.id,
      service: "google_business",
      step: "profileCreation",
      done: true,
    });
    await sender.sendDue();
    expect(smtp.to(customer.email)).toHaveLength(1);
  });

  it("only the signed-in user changes their own e-mail preference", async () => {
    await expectHttpError(updateEmailPreferences(app.services, null, { emailUpdates: false, reminders: true }), 401);
  });

  it("tells admins of a sign-up, a new Zelle proof and a server error when their switches are on", async () => {
    await saveSettings(app.services, admin.user, {
      section: "notifications",
      values: { ...NOTIFICATIONS, systemErrors: true },
    });
    const customer = await app.customer({ name: "Nora Newcomer" });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
      .png()
      .toBuffer();
    await submitZelleProof(app.services, customer.user, {
      serviceType: "google_business",
      paymentNumber: 1,
      proof: new File([new Uint8Array(png)], "proof.png", { type: "image/png" }),
    });
    await notifySystemError(app.services, new RangeError("Mail test failure"));
    await sender.sendDue();
    const toAdmin = smtp.to(admin.email);
    expect(
      toAdmin.filter(
        (mail) => mail.decoded.includes("Subject: New User Registration") && mail.decoded.includes("Nora Newcomer"),
      ),
    ).toHaveLength(1);
    expect(
      toAdmin.filter(
        (mail) =>
          mail.decoded.includes("Subject: New Payment Received (Zelle)") && mail.decoded.includes("Nora Newcomer"),
      ),
    ).toHaveLength(1);
    expect(
      toAdmin.filter(
        (mail) => mail.decoded.includes("Subject: System Error") && mail.decoded.includes("Mail test failure"),
      ),
    ).toHaveLength(1);
    // The customer is told nothing of these admin events.
    expect(smtp.to(customer.email)).toHaveLength(0);
    await saveSettings(app.services, admin.user, {
      section: "notifications",
      values: { ...NOTIFICATIONS, emailNotifications: false },
    });
  });

  it("tells the customer when Auto-approve Submissions approves their proof on receipt", async () => {
    const general = {
      maintenanceMode: false,
      autoApproveSubmissions: true,
      companyName: "Events Co",
      supportEmail: "help@events.test",
    };
    await saveSettings(app.services, admin.user, { section: "general", values: general });
    const customer = await app.customer();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#a00" } })
      .png()
      .toBuffer();
    await submitZelleProof(app.services, customer.user, {
      serviceType: "google_business",
      paymentNumber: 1,
      proof: new File([new Uint8Array(png)], "proof.png", { type: "image/png" }),
    });
    await sender.sendDue();
    const mails = smtp.to(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.decoded).toContain("Subject: Payment Approved");
    await saveSettings(app.services, admin.user, {
      section: "general",
      values: { ...general, autoApproveSubmissions: false },
    });
  });

  it("tells admins of a profile update when Email Notifications is on, and not when it is off", async () => {
    const customer = await app.customer({ name: "Paula Profile" });
    await saveSettings(app.services, admin.user, { section: "notifications", values: NOTIFICATIONS });
    await updateProfile(app.services, customer.user, {
      fullName: "Paula Profile",
      phone: "(555) 123-4567",
      companyName: "Paula Co",
    });
    await sender.sendDue();
    const toAdmin = smtp
      .to(admin.email)
      .filter((mail) => mail.decoded.includes("Paula Profile from Paula Co updated their profile"));
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]!.decoded).toContain("Subject: Profile Updated");
    expect(smtp.to(customer.email)).toHaveLength(0);
    // The same values saved again change nothing: no notification, no e-mail.
    const notified = async () =>
      (await app.db.select().from(notifications).where(eq(notifications.type, "profile_updated"))).length;
    const before = await notified();
    await updateProfile(app.services, customer.user, {
      fullName: "Paula Profile",
      phone: "(555) 123-4567",
      companyName: "Paula Co",
    });
    await sender.sendDue();
    expect(await notified()).toBe(before);
    expect(
      smtp.to(admin.email).filter((mail) => mail.decoded.includes("Paula Profile from Paula Co updated their profile")),
    ).toHaveLength(1);

    await saveSettings(app.services, admin.user, {
      section: "notifications",
      values: { ...NOTIFICATIONS, emailNotifications: false },
    });
    await updateProfile(app.services, customer.user, {
      fullName: "Paula Profile",
      phone: "(555) 123-4567",
      companyName: "Paula Two",
    });
    await sender.sendDue();
    expect(smtp.to(admin.email).filter((mail) => mail.decoded.includes("Paula Two"))).toHaveLength(0);
  });
});
