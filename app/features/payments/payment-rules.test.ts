import { describe, expect, it } from "vitest";
import {
  checkoutReturnPath,
  DEFAULT_CHECKOUT_RETURN,
  paymentRefusal,
  proofStem,
  proofNotificationMessage,
} from "./payment-rules";
import { paymentTargetSchema } from "./payments.schemas";
import { setupI18n } from "@lingui/core";
import { messages as enMessages } from "~/locales/en/messages.po";
import { messages as esMessages } from "~/locales/es/messages.po";

const en = setupI18n({ locale: "en", messages: { en: enMessages } });
const es = setupI18n({ locale: "es", messages: { es: esMessages } });

const p = (serviceType: string, paymentNumber: number, status: string) => ({ serviceType, paymentNumber, status });

describe("paymentRefusal", () => {
  it("allows a first payment and a retry after a rejection", () => {
    expect(paymentRefusal([], "google_business", 1)).toBeNull();
    expect(paymentRefusal([p("google_business", 1, "rejected")], "google_business", 1)).toBeNull();
    expect(paymentRefusal([p("website", 1, "completed")], "google_business", 1)).toBeNull();
  });

  it("refuses while a payment is pending or after it is completed", () => {
    expect(paymentRefusal([p("google_business", 1, "pending")], "google_business", 1)).toBe(
      "A payment for Google Business Profile Setup is already pending review",
    );
    expect(paymentRefusal([p("google_business", 1, "on-hold")], "google_business", 1)).toMatch(/pending review/);
    expect(
      paymentRefusal([p("google_business", 1, "rejected"), p("google_business", 1, "completed")], "google_business", 1),
    ).toBe("Google Business Profile Setup is already paid");
  });

  it("offers website payment 2 only after payment 1 is completed", () => {
    const message = "Payment 1 of 2 must be completed before payment 2";
    expect(paymentRefusal([], "website", 2)).toBe(message);
    expect(paymentRefusal([p("website", 1, "pending")], "website", 2)).toBe(message);
    expect(paymentRefusal([p("website", 1, "rejected")], "website", 2)).toBe(message);
    expect(paymentRefusal([p("website", 1, "completed")], "website", 2)).toBeNull();
    expect(paymentRefusal([p("website", 1, "completed"), p("website", 2, "pending")], "website", 2)).toBe(
      "A payment for Website Development - Payment 2 of 2 is already pending review",
    );
  });
});

describe("proof rules", () => {
  it("names the stored file as the spec says", () => {
    expect(proofStem("website", 2)).toBe("website_payment_2");
  });

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

describe("checkoutReturnPath", () => {
  it("returns only to a dashboard page", () => {
    expect(checkoutReturnPath("/dashboard/website")).toBe("/dashboard/website");
    expect(checkoutReturnPath("/dashboard/google-business")).toBe("/dashboard/google-business");
    for (const bad of [
      "https://evil.test/dashboard",
      "//evil.test",
      "/admin/users",
      "/dashboard/../admin",
      "/dashboard/x?y=1",
      5,
      undefined,
    ]) {
      expect(checkoutReturnPath(bad)).toBe(DEFAULT_CHECKOUT_RETURN);
    }
  });
});

describe("paymentTargetSchema", () => {
  it("accepts the catalog's payments only", () => {
    expect(paymentTargetSchema.parse({ serviceType: "website", paymentNumber: "2" })).toEqual({
      serviceType: "website",
      paymentNumber: 2,
    });
    expect(
      paymentTargetSchema.safeParse({ serviceType: "google_business", paymentNumber: 2 }).error?.issues[0]?.message,
    ).toBe("Invalid payment number");
    expect(paymentTargetSchema.safeParse({ serviceType: "seo", paymentNumber: 1 }).error?.issues[0]?.message).toBe(
      "Unknown service",
    );
    expect(paymentTargetSchema.safeParse({ serviceType: "website", paymentNumber: "1.5" }).success).toBe(false);
  });
});
