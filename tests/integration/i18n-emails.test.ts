import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages, notifications } from "~db/schema";
import { decidePayment } from "~/features/payments/review/decide-payment.server";
import { updateProfile } from "~/features/profile/update-profile.server";
import { toggleProgressStep } from "~/features/progress/toggle-progress-step.server";
import { saveSettings } from "~/features/settings/save-settings.server";
import { createMailer, EmailSender } from "~/lib/email/email.server";
import { saveLanguage } from "~/features/profile/save-language.server";
import { TestSmtp, type ReceivedMail } from "./email-smtp";
import { authRequest, type SignedIn } from "./support";
import { testApp } from "./test-app";

/**
 * What the server writes for a person (e-mails, notification rows) is in that person's saved language;
 * the English texts are checked word for word.
 */
const app = testApp();
let smtp: TestSmtp;
let sender: EmailSender;
let admin: SignedIn;
let spanishAdmin: SignedIn;

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
    createMailer({ smtpUrl: smtp.url, from: "portal@i18n.test", outboxDir: "/nonexistent" }),
    {
      log: () => {},
      branding: async () => ({ companyName: "Idiomas Co", supportEmail: "help@i18n.test" }),
    },
  );
  admin = await app.admin();
  spanishAdmin = await app.admin();
  await saveLanguage(app.services, spanishAdmin.id, "es");
  await saveSettings(app.services, admin.user, {
    section: "notifications",
    values: NOTIFICATIONS,
  });
  // Two admins on a shared machine: more than the default hook time under load.
}, 180_000);

afterAll(async () => {
  await smtp.stop();
});

/** A header's RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

function subjectOf(mail: ReceivedMail): string {
  const match = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.raw);
  return decodeWords((match?.[1] ?? "").replace(/\r?\n[ \t]/g, " "));
}

async function spanishCustomer(name: string): Promise<SignedIn> {
  const customer = await app.customer({ name, companyName: null });
  await saveLanguage(app.services, customer.id, "es");
  return customer;
}

async function rowsOf(userId: string, type: string) {
  return app.db
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
}

describe("e-mails and notifications in the recipient's language", () => {
  it("a Spanish-speaking customer's payment decision: Spanish e-mail (subject and body) and Spanish notification row", async () => {
    const customer = await spanishCustomer("Lucía Pérez");
    await decidePayment(app.services, admin.user, {
      paymentId: await app.payment(customer.id),
      decision: "reject",
      notes: "El monto no coincide",
    });
    await decidePayment(app.services, admin.user, { paymentId: await app.payment(customer.id), decision: "approve" });
    await sender.sendDue();
    const mails = smtp.to(customer.email);
    expect(mails.map(subjectOf)).toEqual(["Pago rechazado", "Pago aprobado"]);
    expect(mails[0]!.decoded).toContain(
      "Su pago de Configuración del Perfil de Google Business ha sido rechazado. Notas del administrador: El monto no coincide",
    );
    expect(mails[0]!.decoded).toContain("Inicie sesión para ver los detalles:");
    expect(mails[0]!.decoded).not.toContain("Your payment");
    expect(mails[1]!.decoded).toContain("Su pago de Configuración del Perfil de Google Business ha sido aprobado");
    expect(await rowsOf(customer.id, "payment")).toEqual(
      expect.arrayContaining([
        {
          title: "Pago rechazado",
          message:
            "Su pago de Configuración del Perfil de Google Business ha sido rechazado. Notas del administrador: El monto no coincide",
        },
        { title: "Pago aprobado", message: "Su pago de Configuración del Perfil de Google Business ha sido aprobado" },
      ]),
    );
  });

  it("an English customer gets the English texts word for word", async () => {
    const customer = await app.customer({ name: "Edward English" });
    await decidePayment(app.services, admin.user, {
      paymentId: await app.payment(customer.id),
      decision: "reject",
      notes: "Blurry",
    });
    await sender.sendDue();
    const [mail] = smtp.to(customer.email);
    expect(subjectOf(mail!)).toBe("Payment Rejected");
    // The decision, what the customer can do now, and the link to the page it is about.
    expect(mail!.decoded).toMatch(
      /Your payment for Google Business Profile Setup has been rejected\. Admin notes: Blurry\r?\n\r?\nYou can upload a new proof of the same transfer \(no second payment\), or pay again\.\r?\n\r?\nSign in to see the details:/,
    );
    expect(mail!.decoded).toContain("/dashboard/google-business");
    expect(await rowsOf(customer.id, "payment")).toEqual([
      {
        title: "Payment Rejected",
        message: "Your payment for Google Business Profile Setup has been rejected. Admin notes: Blurry",
      },
    ]);
  });

  it("a completed step is announced in Spanish to a Spanish-speaking customer (row and e-mail)", async () => {
    const customer = await spanishCustomer("Mario Gómez");
    await toggleProgressStep(app.services, admin.user, {
      userId: customer.id,
      service: "website",
      step: "websiteLaunch",
      done: true,
    });
    await sender.sendDue();
    expect(await rowsOf(customer.id, "website_progress")).toEqual([
      {
        title: "Paso completado: Lanzamiento del sitio web",
        message: "Se completó el paso «Lanzamiento del sitio web» de su sitio web.",
      },
    ]);
    // The e-mail waits for the steps of the next minutes (the progress e-mail's own tests cover the wait); once due,
    // it is in Spanish too.
    expect(smtp.to(customer.email)).toEqual([]);
    await app.db
      .update(emailMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailMessages.to, customer.email));
    await sender.sendDue();
    expect(smtp.to(customer.email).map(subjectOf)).toEqual(["Su sitio web: 1 paso completado"]);
  });

  it("the password reset e-mail: Spanish for a Spanish-speaking customer, the English text for an English one", async () => {
    const spanish = await spanishCustomer("Rosa Restablecer");
    const english = await app.customer({ name: "Rita Reset" });
    for (const customer of [spanish, english]) {
      expect((await authRequest(app.services, "/request-password-reset", { email: customer.email })).status).toBe(200);
    }
    await sender.sendDue();
    const [es] = smtp.to(spanish.email);
    expect(subjectOf(es!)).toBe("Restablezca su contraseña");
    expect(es!.decoded).toContain("Hola, Rosa Restablecer:");
    expect(es!.decoded).toMatch(
      /Alguien pidió restablecer la contraseña de su cuenta[^\n]*\r?\n\r?\nhttp:\/\/[^\s]+\/reset-password\?token=/,
    );
    expect(es!.decoded).toContain("Si usted no lo pidió, ignore este correo: su contraseña no cambia.");
    const [en] = smtp.to(english.email);
    expect(subjectOf(en!)).toBe("Reset your password");
    expect(en!.decoded).toMatch(
      /Hello Rita Reset,\r?\n\r?\nSomeone asked to reset the password of your account\. To choose a new password, open this link \(it works once, for one hour\):\r?\n\r?\nhttp:\/\/[^\s]+\/reset-password\?token=[A-Za-z0-9_-]+\r?\n\r?\nIf you did not ask for this, ignore this e-mail: your password stays the same\./,
    );
  });

  it("admins are told each in their own language (e-mail and notification row)", async () => {
    const customer = await app.customer({ name: "Paula Profile" });
    await updateProfile(app.services, customer.user, {
      fullName: "Paula Profile",
      phone: "(555) 123-4567",
      companyName: "Paula Co",
    });
    await sender.sendDue();
    const english = smtp.to(admin.email).filter((mail) => mail.decoded.includes("Paula Co"));
    const spanish = smtp.to(spanishAdmin.email).filter((mail) => mail.decoded.includes("Paula Co"));
    expect(english.map(subjectOf)).toEqual(["Profile Updated"]);
    expect(english[0]!.decoded).toContain("Paula Profile from Paula Co updated their profile");
    expect(spanish.map(subjectOf)).toEqual(["Perfil actualizado"]);
    expect(spanish[0]!.decoded).toContain("Paula Profile de Paula Co actualizó su perfil");
    expect(await rowsOf(admin.id, "profile_updated")).toContainEqual({
      title: "Profile Updated",
      message: "Paula Profile from Paula Co updated their profile",
    });
    expect(await rowsOf(spanishAdmin.id, "profile_updated")).toContainEqual({
      title: "Perfil actualizado",
      message: "Paula Profile de Paula Co actualizó su perfil",
    });

    // The sign-up announcement too.
    await app.customer({ name: "Nora Nueva", companyName: "Nora SRL" });
    await sender.sendDue();
    expect(await rowsOf(spanishAdmin.id, "new_user")).toContainEqual({
      title: "Registro de usuario nuevo",
      message: "Nora Nueva de Nora SRL acaba de registrarse",
    });
    expect(await rowsOf(admin.id, "new_user")).toContainEqual({
      title: "New User Registration",
      message: "Nora Nueva from Nora SRL just registered",
    });
    expect(smtp.to(spanishAdmin.email).map(subjectOf)).toContain("Registro de usuario nuevo");
  });
});
