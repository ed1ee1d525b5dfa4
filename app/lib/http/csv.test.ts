import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

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
    expect(csvCell('=HYPERLINK("http://evil.test","x")')).toBe('"\'=HYPERLINK(""http://evil.test"",""x"")"');
    expect(csvCell("+1 555 0100")).toBe("'+1 555 0100");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
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
