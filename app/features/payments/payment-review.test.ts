import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as enMessages } from "~/locales/en/messages.po";
import { messages as esMessages } from "~/locales/es/messages.po";
import { adminPaymentTitleIn, paymentSubtitleIn } from "~/domain/service-texts";
import { englishI18n } from "~/lib/i18n/translate";
import {
  AUTO_APPROVED_NOTE_TEXT,
  decisionNotification,
  decisionToast,
  normalizeNotes,
  paymentDecisionSchema,
} from "./payment-review";

const en = setupI18n({ locale: "en", messages: { en: enMessages } });
const es = setupI18n({ locale: "es", messages: { es: esMessages } });

describe("payment review rules", () => {
  it("stores empty or blank notes as null and trims the rest", () => {
    expect(normalizeNotes("")).toBeNull();
    expect(normalizeNotes("   \n")).toBeNull();
    expect(normalizeNotes(undefined)).toBeNull();
    expect(normalizeNotes("  Checked the bank  ")).toBe("Checked the bank");
  });

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
    expect(decisionNotification(es, "approve", AUTO_APPROVED_NOTE_TEXT, google).message).toBe(
      "Su pago de Configuración del Perfil de Google Business ha sido aprobado. Notas del administrador: Aprobado automáticamente al recibirlo (la aprobación automática de envíos está activada)",
    );
    expect(decisionNotification(en, "approve", AUTO_APPROVED_NOTE_TEXT, google).message).toBe(
      "Your payment for Google Business Profile Setup has been approved. Admin notes: Approved automatically on receipt (Auto-approve Submissions is on)",
    );
  });

  it("words the admin's toast", () => {
    expect(decisionToast("approve")).toEqual({ title: "Status Updated", description: "Payment has been approved" });
    expect(decisionToast("reject")).toEqual({ title: "Status Updated", description: "Payment has been rejected" });
  });

  it("titles a card 'One payment' for Google Business, else 'Payment N of 2'; a payment named alone says its service", () => {
    expect(adminPaymentTitleIn(englishI18n(), "google_business", 1)).toBe("One payment");
    expect(paymentSubtitleIn(englishI18n(), "google_business", 1)).toBe("Google Business Profile Setup");
    expect(paymentSubtitleIn(englishI18n(), "website", 2)).toBe("Website Development - Payment 2 of 2");
    expect(adminPaymentTitleIn(englishI18n(), "website", 1)).toBe("Payment 1 of 2");
    expect(adminPaymentTitleIn(englishI18n(), "website", 2)).toBe("Payment 2 of 2");
  });

  it("accepts a decision with or without notes and refuses anything else", () => {
    const paymentId = "0b6f7a4e-2a1c-4c55-9d7e-3f1a2b3c4d5e";
    expect(paymentDecisionSchema.parse({ paymentId, decision: "approve" })).toEqual({
      paymentId,
      decision: "approve",
      notes: "",
    });
    expect(paymentDecisionSchema.safeParse({ paymentId, decision: "refund" }).success).toBe(false);
    expect(paymentDecisionSchema.safeParse({ paymentId: "42", decision: "approve" }).success).toBe(false);
    expect(paymentDecisionSchema.safeParse({ paymentId, decision: "reject", notes: "x".repeat(2001) }).success).toBe(
      false,
    );
  });
});
