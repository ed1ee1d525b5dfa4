import { describe, expect, it } from "vitest";
import { legalPageAt, legalPath, paragraphsOf } from "./legal-pages";

describe("legal pages", () => {
  it("are at /privacy, /terms and /refunds in English and under /es in Spanish", () => {
    expect(legalPath("privacyPolicy", "en")).toBe("/privacy");
    expect(legalPath("termsOfService", "en")).toBe("/terms");
    expect(legalPath("refundPolicy", "es")).toBe("/es/refunds");
    expect(legalPageAt("/es/terms")).toEqual({ page: "termsOfService", locale: "es" });
    expect(legalPageAt("/privacy/")).toEqual({ page: "privacyPolicy", locale: "en" });
    expect(legalPageAt("/login")).toBeNull();
    expect(legalPageAt("/fr/terms")).toBeNull();
  });

  it("splits a text into paragraphs at blank lines, keeps line breaks inside one and leaves markup as text", () => {
    const text = "First line\nsecond line\r\n\r\n  \n<script>alert(1)</script> & <b>bold</b>\n\n\n\nLast\n";
    expect(paragraphsOf(text)).toEqual(["First line\nsecond line", "<script>alert(1)</script> & <b>bold</b>", "Last"]);
    expect(paragraphsOf("  \n\n ")).toEqual([]);
  });
});
