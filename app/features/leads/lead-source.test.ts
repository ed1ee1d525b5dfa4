import { describe, expect, it } from "vitest";
import { leadOrigin, originKey, OTHER_KEY, weeklyBreakdown } from "./lead-source";

describe("a lead's origin", () => {
  it("is the advert's utm_source, else the referring site, else direct", () => {
    expect(leadOrigin({ utmSource: " Google ", referrer: "facebook.com" })).toEqual({ kind: "advert", name: "Google" });
    expect(leadOrigin({ utmSource: "  ", referrer: "www.Yelp.com" })).toEqual({ kind: "site", name: "yelp.com" });
    expect(leadOrigin({ utmMedium: "cpc" })).toEqual({ kind: "direct" });
    expect(leadOrigin(null)).toEqual({ kind: "direct" });
  });

  it("counts the same advert under one key however it was cased, and direct under the empty key", () => {
    expect(originKey(leadOrigin({ utmSource: "Google" }))).toBe(originKey(leadOrigin({ utmSource: "google" })));
    expect(originKey(leadOrigin({}))).toBe("");
  });
});

describe("the weekly breakdown", () => {
  const weeks = ["2026-11-02", "2026-11-09", "2026-11-16"];

  it("has every week, those without leads too, and the keys by their number of leads", () => {
    const result = weeklyBreakdown(weeks, [
      { weekStart: "2026-11-02", key: "yelp.com", count: 1 },
      { weekStart: "2026-11-02", key: "google", count: 2 },
      { weekStart: "2026-11-16", key: "google", count: 1 },
    ]);
    expect(result.keys).toEqual(["google", "yelp.com"]);
    expect(result.weeks).toEqual([
      { weekStart: "2026-11-02", counts: { google: 2, "yelp.com": 1 }, total: 3 },
      { weekStart: "2026-11-09", counts: { google: 0, "yelp.com": 0 }, total: 0 },
      { weekStart: "2026-11-16", counts: { google: 1, "yelp.com": 0 }, total: 1 },
    ]);
    expect(result.totals).toEqual({ google: 3, "yelp.com": 1 });
    expect(result.total).toBe(4);
  });

  it("folds the keys beyond the limit into one column, and ignores weeks outside the series", () => {
    const result = weeklyBreakdown(
      weeks,
      [
        { weekStart: "2026-11-02", key: "a", count: 5 },
        { weekStart: "2026-11-02", key: "b", count: 4 },
        { weekStart: "2026-11-09", key: "c", count: 1 },
        { weekStart: "2026-11-09", key: "d", count: 1 },
        { weekStart: "2026-10-26", key: "a", count: 9 },
      ],
      3,
    );
    expect(result.keys).toEqual(["a", "b", OTHER_KEY]);
    expect(result.weeks[1]).toEqual({ weekStart: "2026-11-09", counts: { a: 0, b: 0, [OTHER_KEY]: 2 }, total: 2 });
    expect(result.total).toBe(11);
  });

  it("is empty without leads", () => {
    expect(weeklyBreakdown(weeks, [])).toMatchObject({ keys: [], total: 0 });
  });
});
