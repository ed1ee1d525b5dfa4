import { describe, expect, it } from "vitest";
import { csvAmount, csvCell, csvRow, parseExportPeriod, paymentsCsvFileName, paymentsCsvPath } from "./payments-csv";

describe("csvCell", () => {
  it("leaves plain values as they are", () => {
    expect(csvCell("Ana López")).toBe("Ana López");
    expect(csvCell(42)).toBe("42");
    expect(csvCell("250.00")).toBe("250.00");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes a value with a comma, a quote or a line break, doubling its quotes", () => {
    expect(csvCell("Roofing, Inc.")).toBe('"Roofing, Inc."');
    expect(csvCell('Ana "La Jefa" López')).toBe('"Ana ""La Jefa"" López"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("puts an apostrophe before what a spreadsheet would run as a formula", () => {
    expect(csvCell("=HYPERLINK(\"http://evil.test\",\"x\")")).toBe("\"'=HYPERLINK(\"\"http://evil.test\"\",\"\"x\"\")\"");
    expect(csvCell("+1 555 0100")).toBe("'+1 555 0100");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\r=1")).toBe("\"'\r=1\"");
    // Only at the start: inside a value they are plain characters.
    expect(csvCell("Ana = Bea")).toBe("Ana = Bea");
    expect(csvCell("ana@example.com")).toBe("ana@example.com");
  });
});

describe("csvRow", () => {
  it("joins the cells with commas and ends the record with CRLF", () => {
    expect(csvRow(["2026-01-02", "R-000042", "Ana, Co", 250])).toBe('2026-01-02,R-000042,"Ana, Co",250\r\n');
  });
});

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
    expect(parseExportPeriod("2026-01-01", "2026-03-31")).toEqual({ ok: true, period: { from: "2026-01-01", to: "2026-03-31" } });
    expect(parseExportPeriod(" 2026-01-01 ", "2026-01-01")).toEqual({ ok: true, period: { from: "2026-01-01", to: "2026-01-01" } });
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
