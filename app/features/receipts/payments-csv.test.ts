import { describe, expect, it } from "vitest";
import { csvAmount, parseExportPeriod, paymentsCsvFileName, paymentsCsvPath } from "./payments-csv";

describe("csvAmount", () => {
  it("writes dollars as a plain number with two decimals", () => {
    expect(csvAmount(250)).toBe("250.00");
    expect(csvAmount(1250.5)).toBe("1250.50");
    expect(csvAmount(0.1 + 0.2)).toBe("0.30");
    expect(csvAmount(0)).toBe("0.00");
  });
});

describe("parseExportPeriod", () => {
  it("takes two calendar days, the start on or before the end", () => {
    expect(parseExportPeriod("2026-01-01", "2026-03-31")).toEqual({
      ok: true,
      period: { from: "2026-01-01", to: "2026-03-31" },
    });
    expect(parseExportPeriod(" 2026-01-01 ", "2026-01-01")).toEqual({
      ok: true,
      period: { from: "2026-01-01", to: "2026-01-01" },
    });
  });

  it("refuses a missing, malformed or impossible date, and a start after the end, with the page's message", () => {
    for (const [from, to] of [
      [null, "2026-01-01"],
      ["2026-01-01", ""],
      ["01/02/2026", "2026-03-01"],
      ["2026-02-30", "2026-03-01"],
      ["2026-01-01", "2026-13-01"],
    ] as const) {
      const parsed = parseExportPeriod(from, to);
      expect(parsed.ok).toBe(false);
      expect(!parsed.ok && parsed.message.message).toBe("Enter the date as YYYY-MM-DD");
    }
    const reversed = parseExportPeriod("2026-03-01", "2026-01-01");
    expect(!reversed.ok && reversed.message.message).toBe("The start date must be on or before the end date");
  });

  it("names the file and the address after the period", () => {
    const period = { from: "2026-01-01", to: "2026-03-31" };
    expect(paymentsCsvFileName(period)).toBe("payments-2026-01-01-to-2026-03-31.csv");
    expect(paymentsCsvPath(period)).toBe("/admin/payments.csv?from=2026-01-01&to=2026-03-31");
  });
});
