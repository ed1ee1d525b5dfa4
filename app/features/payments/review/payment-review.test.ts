import { describe, expect, it } from "vitest";
import { adminPaymentTitleIn, paymentSubtitleIn } from "~/domain/service-texts";
import { englishI18n } from "~/lib/i18n/translate";
import { decisionToast, normalizeNotes, paymentDecisionSchema } from "./payment-review";

describe("payment review rules", () => {
  it("stores empty or blank notes as null and trims the rest", () => {
    expect(normalizeNotes("")).toBeNull();
    expect(normalizeNotes("   \n")).toBeNull();
    expect(normalizeNotes(undefined)).toBeNull();
    expect(normalizeNotes("  Checked the bank  ")).toBe("Checked the bank");
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
