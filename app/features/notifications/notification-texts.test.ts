import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as enMessages } from "~/locales/en/messages.po";
import { messages as esMessages } from "~/locales/es/messages.po";
import { renderNotification, type NotificationEvent } from "./notification-texts";

const en = setupI18n({ locale: "en", messages: { en: enMessages } });
const es = setupI18n({ locale: "es", messages: { es: esMessages } });

/** A row as notify stores it: type and data, with a stored text that must not be what is shown. */
const row = (event: NotificationEvent) => ({ ...event, title: "stored title", message: "stored message" });

const ana = { customerId: "c-1", fullName: "Ana Díaz", companyName: "Ana Co" };

describe("renderNotification", () => {
  it("words a message: to the customer from the team (a former member when the admin left), to admins from the customer", () => {
    const answer = row({
      type: "message",
      data: { ...ana, fromAgency: true, author: "Sam Lee", preview: "The draft is ready", files: 0 },
    });
    expect(renderNotification(en, answer)).toEqual({
      title: "New message from the team",
      message: "Sam Lee: The draft is ready",
      href: "/dashboard/messages",
    });
    expect(renderNotification(es, answer).title).toBe("Nuevo mensaje del equipo");
    const formerly = row({ type: "message", data: { ...ana, fromAgency: true, author: null, preview: "", files: 2 } });
    expect(renderNotification(en, formerly).message).toBe("A former team member: Sent 2 files");
    expect(renderNotification(es, formerly).message).toBe("Un antiguo miembro del equipo: Envió 2 archivos");
    const question = row({
      type: "message",
      data: { ...ana, fromAgency: false, author: null, preview: "When do we start?", files: 0 },
    });
    expect(renderNotification(en, question)).toEqual({
      title: "New message",
      message: "Ana Díaz from Ana Co: When do we start?",
      href: "/admin/users/c-1/messages",
    });
  });

  it("words a payment decision from its data in the reader's language, naming the service, with its link", () => {
    const approved = row({
      type: "payment",
      data: { kind: "decision", decision: "approve", service: "google_business", paymentNumber: 1, notes: null },
    });
    expect(renderNotification(en, approved)).toEqual({
      title: "Payment Approved",
      message: "Your payment for Google Business Profile Setup has been approved",
      href: "/dashboard/google-business",
    });
    expect(renderNotification(es, approved)).toEqual({
      title: "Pago aprobado",
      message: "Su pago de Configuración del Perfil de Google Business ha sido aprobado",
      href: "/dashboard/google-business",
    });
    const rejected = row({
      type: "payment",
      data: { kind: "decision", decision: "reject", service: "website", paymentNumber: 2, notes: "Blurry" },
    });
    expect(renderNotification(en, rejected)).toMatchObject({
      title: "Payment Rejected",
      message: "Your payment for Website Development (Payment 2 of 2) has been rejected. Admin notes: Blurry",
      href: "/dashboard/website",
    });
    expect(renderNotification(es, rejected).message).toBe(
      "Su pago de Desarrollo del sitio web (Pago 2 de 2) ha sido rechazado. Notas del administrador: Blurry",
    );
  });

  it("translates a note the system wrote, whatever English note is stored with it", () => {
    const lost = row({
      type: "payment",
      data: {
        kind: "decision",
        decision: "reject",
        service: "website",
        paymentNumber: 1,
        notes: "The proof of payment file was lost. Please upload it again.",
        systemNote: "proof_missing",
      },
    });
    expect(renderNotification(es, lost).message).toContain("Notas del administrador: ");
    expect(renderNotification(es, lost).message).not.toContain("The proof of payment file was lost");
  });

  it("words the admins' proof notification and links to the customer's payments tab", () => {
    const proof = row({
      type: "payment",
      data: { kind: "proof_submitted", ...ana, service: "website", paymentNumber: 2, amount: 350 },
    });
    expect(renderNotification(en, proof)).toEqual({
      title: "New Payment Received (Zelle)",
      message: "Ana Díaz from Ana Co submitted a Zelle payment of $350 for Website (Payment 2)",
      href: "/admin/users/c-1",
    });
    expect(renderNotification(es, proof).title).toBe("Nuevo pago recibido (Zelle)");
    expect(renderNotification(es, proof).message).toContain("Ana Díaz de Ana Co");
  });

  it("words the admins' notice of a card payment over its promotion code's limit in each admin's language, linking to the payments tab", () => {
    const over = row({
      type: "promotion_over_limit",
      data: { ...ana, service: "website", paymentNumber: 2, amount: 280, code: "SPRING20", maxUses: 3 },
    });
    expect(renderNotification(en, over)).toEqual({
      title: "Promotion code over its limit",
      message:
        "Ana Díaz from Ana Co paid $280 by card for Website Development - Payment 2 of 2 with code SPRING20 after every one of its uses (3) was taken. The payment is recorded at the price paid but does not count as a use of the code.",
      href: "/admin/users/c-1",
    });
    expect(renderNotification(es, over).title).toBe("Código promocional por encima de su límite");
    expect(renderNotification(es, over).message).toBe(
      "Ana Díaz de Ana Co pagó $280 con tarjeta por Desarrollo del sitio web - Pago 2 de 2 con el código SPRING20 cuando ya se habían tomado todos sus usos (3). El pago queda registrado al precio pagado, pero no cuenta como uso del código.",
    );
  });

  it("words a progress step and links to the progress page", () => {
    const step = row({ type: "google_business_progress", data: { step: "profileCreation" } });
    expect(renderNotification(en, step)).toEqual({
      title: "Profile Creation is complete",
      message: "Profile Creation is complete on your Google Business Profile.",
      href: "/dashboard/progress",
    });
    expect(renderNotification(es, row({ type: "website_progress", data: { step: "websiteLaunch" } }))).toEqual({
      title: "Paso completado: Lanzamiento del sitio web",
      message: "Se completó el paso «Lanzamiento del sitio web» de su sitio web.",
      href: "/dashboard/progress",
    });
  });

  it("words the admins' information, profile and sign-up notifications, linked to the customer's page and tab", () => {
    expect(renderNotification(en, row({ type: "google_business_submitted", data: ana }))).toEqual({
      title: "Google Business Information Submitted",
      message: "Ana Díaz from Ana Co submitted their Google Business information",
      href: "/admin/users/c-1/google-business",
    });
    expect(renderNotification(en, row({ type: "website_updated", data: { ...ana, companyName: null } }))).toEqual({
      title: "Website Information Updated",
      message: "Ana Díaz updated their website information",
      href: "/admin/users/c-1/website",
    });
    expect(renderNotification(en, row({ type: "profile_updated", data: ana })).message).toBe(
      "Ana Díaz from Ana Co updated their profile",
    );
    expect(renderNotification(en, row({ type: "new_user", data: ana }))).toEqual({
      title: "New User Registration",
      message: "Ana Díaz from Ana Co just registered",
      href: "/admin/users/c-1",
    });
    for (const type of [
      "google_business_submitted",
      "google_business_updated",
      "website_submitted",
      "website_updated",
      "profile_updated",
      "new_user",
    ] as const) {
      const spanish = renderNotification(es, row({ type, data: ana }));
      expect(spanish.title).not.toBe(renderNotification(en, row({ type, data: ana })).title);
      expect(spanish.message).toContain("Ana Díaz");
    }
  });

  it("words the security and system-error alerts", () => {
    expect(renderNotification(en, row({ type: "security", data: { email: "boss@agency.test" } }))).toMatchObject({
      title: "Admin account locked",
      href: "/admin/activity",
    });
    expect(renderNotification(es, row({ type: "security", data: { email: "boss@agency.test" } })).message).toContain(
      "boss@agency.test",
    );
    expect(
      renderNotification(en, row({ type: "system_error", data: { kind: "TypeError", detail: "x is undefined" } })),
    ).toEqual({
      title: "System Error",
      message: "A server error occurred (TypeError): x is undefined",
      href: null,
    });
  });

  it("words each reminder in the reader's language, linking to where its thing is done", () => {
    const reminder = (data: Extract<NotificationEvent, { type: "reminder" }>["data"]) =>
      row({ type: "reminder", data });
    expect(renderNotification(en, reminder({ kind: "unpaid_signup" }))).toEqual({
      title: "Your account is ready for a service",
      message:
        "You have not chosen a service yet: a Google Business Profile set up for you ($250) or a custom website ($700). Choose one and pay to get started.",
      href: "/dashboard/progress",
    });
    expect(renderNotification(es, reminder({ kind: "information_form", service: "website" }))).toMatchObject({
      title: "Estamos esperando su información",
      href: "/dashboard/website",
    });
    expect(
      renderNotification(
        en,
        reminder({ kind: "approval_round", service: "google_business", version: 2, title: "Logo" }),
      ),
    ).toMatchObject({
      message: "Google Business Profile: Logo (v2) is waiting for you. Approve it or tell us what to change.",
      href: "/dashboard/google-business",
    });
    expect(renderNotification(es, reminder({ kind: "second_payment" }))).toEqual({
      title: "Corresponde el segundo pago de su sitio web",
      message: "Su sitio web está listo para su revisión. Para publicarlo, corresponde el segundo pago de $350.",
      href: "/dashboard/website?pay=2",
    });
    expect(
      renderNotification(en, reminder({ kind: "rejected_payment", service: "website", paymentNumber: 1 })),
    ).toMatchObject({ title: "Your payment still needs you", href: "/dashboard/website?pay=1" });
    expect(renderNotification(es, reminder({ kind: "unread_messages", count: 3 }))).toEqual({
      title: "Tiene mensajes sin leer",
      message: "3 mensajes del equipo le esperan.",
      href: "/dashboard/messages",
    });
  });

  it("shows a row without data, or with data it cannot read, as stored", () => {
    expect(
      renderNotification(es, {
        type: "payment",
        data: null,
        title: "Payment Approved",
        message: "Your payment has been approved",
      }),
    ).toEqual({
      title: "Payment Approved",
      message: "Your payment has been approved",
      href: null,
    });
    expect(renderNotification(es, { type: "website_progress", data: null, title: "t", message: "m" })).toEqual({
      title: "t",
      message: "m",
      href: "/dashboard/progress",
    });
    expect(
      renderNotification(en, { type: "payment", data: { kind: "something new" }, title: "t", message: "m" }),
    ).toMatchObject({ title: "t", message: "m" });
    expect(renderNotification(en, { type: "unknown", data: { a: 1 }, title: "t", message: "m" })).toMatchObject({
      title: "t",
      message: "m",
    });
  });
});
