import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { leadAge, leadListErrorMessage, leadListHref, leadsCsvHref, parseLeadListQuery } from "./lead-list-query";

const parse = (text: string) => parseLeadListQuery(new URLSearchParams(text));

describe("the Leads list's address", () => {
  it("reads the search, the stage and the page", () => {
    expect(parse("q=  Ana   Ruiz &stage=quote_sent&page=3")).toEqual({
      query: { search: "Ana Ruiz", stage: "quote_sent", page: 3 },
      errors: [],
    });
    expect(parse("")).toEqual({ query: { search: "", stage: null, page: 1 }, errors: [] });
  });

  it("falls back on each bad part and names it", () => {
    expect(parse(`q=${"x".repeat(101)}&stage=maybe&page=0`)).toEqual({
      query: { search: "", stage: null, page: 1 },
      errors: ["searchTooLong", "unknownStage", "badPage"],
    });
    const i18n = setupI18n({ locale: "en", messages: { en: {} } });
    expect(leadListErrorMessage(["unknownStage"], i18n)).toBe(
      "Unknown stage: choose New, Contacted, Quote sent, Won or Lost",
    );
    expect(leadListErrorMessage([], i18n)).toBeNull();
  });

  it("writes only what differs from the plain list", () => {
    expect(leadListHref({ search: "", stage: null })).toBe("/admin/leads");
    expect(leadListHref({ search: "ana", stage: "new" }, 2)).toBe("/admin/leads?q=ana&stage=new&page=2");
    expect(leadsCsvHref({ search: "", stage: "lost" })).toBe("/admin/leads.csv?stage=lost");
  });
});

describe("a lead's age", () => {
  const now = new Date("2026-12-07T12:00:00Z");
  it("is said in its largest whole unit", () => {
    expect(leadAge(new Date("2026-12-07T11:59:50Z"), now)).toEqual({ unit: "minutes", count: 1 });
    expect(leadAge(new Date("2026-12-07T11:15:00Z"), now)).toEqual({ unit: "minutes", count: 45 });
    expect(leadAge(new Date("2026-12-07T09:00:00Z"), now)).toEqual({ unit: "hours", count: 3 });
    expect(leadAge(new Date("2026-12-04T11:00:00Z"), now)).toEqual({ unit: "days", count: 3 });
  });
});
