import { describe, expect, it } from "vitest";
import { formatDate, formatMoney } from "./format";

describe("formatMoney", () => {
  it("writes prices without cents when whole, in English and in Spanish", () => {
    expect(formatMoney(250, "en")).toBe("$250");
    expect(formatMoney(349.5, "en")).toBe("$349.50");
    expect(formatMoney(1500.5, "en")).toBe("$1,500.50");
    expect(formatMoney(350, "es")).toBe("$350");
    expect(formatMoney(1500.5, "es")).toBe("$1,500.50");
  });

  it("always writes cents when asked (receipts), negative amounts with a minus sign", () => {
    expect(formatMoney(250, "en", { cents: true })).toBe("$250.00");
    expect(formatMoney(-50, "es", { cents: true })).toBe("-$50.00");
    expect(formatMoney(0, "en", { cents: true })).toBe("$0.00");
  });
});

describe("formatDate", () => {
  it("names the month in the page's language", () => {
    const options: Intl.DateTimeFormatOptions = { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" };
    expect(formatDate("2026-01-02T03:04:05Z", "en", options)).toBe("January 2, 2026");
    expect(formatDate("2026-01-02T03:04:05Z", "es", options)).toBe("2 de enero de 2026");
  });
});
