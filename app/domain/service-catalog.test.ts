import { describe, expect, it } from "vitest";
import { paymentSubtitleIn } from "./service-texts";
import { formatMoney } from "../lib/i18n/format";
import { englishI18n } from "../lib/i18n/translate";
import { isServiceType, isValidPaymentNumber, paymentAmount, paymentAmountCents } from "./service-catalog";

describe("service catalog", () => {
  it("prices each payment from the catalog", () => {
    expect(paymentAmount("google_business", 1)).toBe(250);
    expect(paymentAmount("website", 1)).toBe(350);
    expect(paymentAmount("website", 2)).toBe(350);
    expect(paymentAmountCents("google_business", 1)).toBe(25000);
    expect(paymentAmountCents("website", 2)).toBe(35000);
  });

  it("knows which payments each service has", () => {
    expect(isValidPaymentNumber("google_business", 1)).toBe(true);
    expect(isValidPaymentNumber("google_business", 2)).toBe(false);
    expect(isValidPaymentNumber("website", 2)).toBe(true);
    expect(isValidPaymentNumber("website", 3)).toBe(false);
    expect(isValidPaymentNumber("website", 1.5)).toBe(false);
    expect(() => paymentAmount("google_business", 2)).toThrow(RangeError);
  });

  it("recognises service types", () => {
    expect(isServiceType("website")).toBe(true);
    expect(isServiceType("google_business")).toBe(true);
    expect(isServiceType("toString")).toBe(false);
    expect(isServiceType(undefined)).toBe(false);
  });

  it("gives the payment dialog's subtitles and amounts", () => {
    expect(paymentSubtitleIn(englishI18n(), "google_business", 1)).toBe("Google Business Profile Setup");
    expect(paymentSubtitleIn(englishI18n(), "website", 2)).toBe("Website Development - Payment 2 of 2");
    expect(formatMoney(250, "en")).toBe("$250");
    expect(formatMoney(349.5, "en")).toBe("$349.50");
  });
});
