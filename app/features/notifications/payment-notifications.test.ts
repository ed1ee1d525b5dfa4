import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as enMessages } from "~/locales/en/messages.po";
import { messages as esMessages } from "~/locales/es/messages.po";
import {
  decisionNotification,
  proofNotificationMessage,
  refundNotification,
  SYSTEM_PAYMENT_NOTES,
} from "./payment-notifications";

const en = setupI18n({ locale: "en", messages: { en: enMessages } });
const es = setupI18n({ locale: "es", messages: { es: esMessages } });

describe("a payment's decision", () => {
  it("words the customer's notification, naming the service, with the admin's notes after a rejection", () => {
    const google = { service: "google_business" as const, paymentNumber: 1 };
    const website = { service: "website" as const, paymentNumber: 2 };
    expect(decisionNotification(en, "approve", null, google)).toEqual({
      title: "Payment Approved",
      message: "Your payment for Google Business Profile Setup has been approved",
    });
    expect(decisionNotification(en, "reject", null, website)).toEqual({
      title: "Payment Rejected",
      message: "Your payment for Website Development (Payment 2 of 2) has been rejected",
    });
    expect(decisionNotification(en, "reject", "Blurry photo", google)).toEqual({
      title: "Payment Rejected",
      message: "Your payment for Google Business Profile Setup has been rejected. Admin notes: Blurry photo",
    });
  });

  it("words it in Spanish for a Spanish-speaking customer, the system's own notes translated too", () => {
    const google = { service: "google_business" as const, paymentNumber: 1 };
    const website = { service: "website" as const, paymentNumber: 1 };
    expect(decisionNotification(es, "approve", null, google)).toEqual({
      title: "Pago aprobado",
      message: "Su pago de Configuración del Perfil de Google Business ha sido aprobado",
    });
    expect(decisionNotification(es, "reject", "Foto borrosa", website)).toEqual({
      title: "Pago rechazado",
      message:
        "Su pago de Desarrollo del sitio web (Pago 1 de 2) ha sido rechazado. Notas del administrador: Foto borrosa",
    });
    expect(decisionNotification(es, "approve", SYSTEM_PAYMENT_NOTES.auto_approved, google).message).toBe(
      "Su pago de Configuración del Perfil de Google Business ha sido aprobado. Notas del administrador: Aprobado automáticamente al recibirlo (la aprobación automática de envíos está activada)",
    );
    expect(decisionNotification(en, "approve", SYSTEM_PAYMENT_NOTES.auto_approved, google).message).toBe(
      "Your payment for Google Business Profile Setup has been approved. Admin notes: Approved automatically on receipt (Auto-approve Submissions is on)",
    );
  });
});

describe("a refund", () => {
  it("tells the customer in their language how much, of which payment, and why", () => {
    expect(
      refundNotification(en, {
        service: "google_business",
        paymentNumber: 1,
        amount: 125,
        full: false,
        reason: "Duplicate transfer",
      }),
    ).toEqual({
      title: "Payment Refunded",
      message: "$125 of your payment for Google Business Profile Setup has been refunded. Reason: Duplicate transfer",
    });
    expect(
      refundNotification(en, {
        service: "website",
        paymentNumber: 2,
        amount: 350,
        full: true,
        reason: "Refunded in Stripe",
      }).message,
    ).toBe(
      "$350 of your payment for Website Development (Payment 2 of 2) has been refunded. The payment is now refunded in full. Reason: Refunded in Stripe",
    );
    const inSpanish = refundNotification(es, {
      service: "google_business",
      paymentNumber: 1,
      amount: 250,
      full: true,
      reason: "Refunded in Stripe",
    });
    expect(inSpanish.title).toBe("Pago reembolsado");
    expect(inSpanish.message).toContain("Configuración del Perfil de Google Business");
    expect(inSpanish.message).toContain("Motivo: Reembolsado en Stripe");
  });
});

describe("a Zelle proof sent", () => {
  it("writes the admins' message with the amount and the service", () => {
    expect(
      proofNotificationMessage(en, { fullName: "Ana Ruiz", companyName: "Ruiz Roofing" }, "google_business", 1, 250),
    ).toBe("Ana Ruiz from Ruiz Roofing submitted a Zelle payment of $250 for Google Business Profile");
    expect(proofNotificationMessage(en, { fullName: "Ana Ruiz", companyName: "Ruiz Roofing" }, "website", 2, 350)).toBe(
      "Ana Ruiz from Ruiz Roofing submitted a Zelle payment of $350 for Website (Payment 2)",
    );
    expect(proofNotificationMessage(en, { fullName: "Ana Ruiz", companyName: null }, "website", 1, 349.5)).toBe(
      "Ana Ruiz submitted a Zelle payment of $349.50 for Website (Payment 1)",
    );
  });

  it("writes it in Spanish for a Spanish-speaking admin", () => {
    expect(proofNotificationMessage(es, { fullName: "Ana Ruiz", companyName: "Ruiz Roofing" }, "website", 2, 350)).toBe(
      "Ana Ruiz de Ruiz Roofing envió un pago por Zelle de $350 para Sitio web (pago 2)",
    );
  });
});
