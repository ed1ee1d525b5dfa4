import { describe, expect, it } from "vitest";
import { dayLabel, monthLabel } from "./analytics-views";
import { formatMoney } from "~/lib/i18n/format";

describe("analytics labels follow the page's language", () => {
  it("keeps the English labels", () => {
    expect(monthLabel("2026-03")).toBe("Mar 2026");
    expect(monthLabel("2026-12", "en")).toBe("Dec 2026");
    expect(dayLabel("2026-03-02")).toBe("Mar 2");
    expect(dayLabel("2026-03-02", true, "en")).toBe("Mar 2, 2026");
    expect(formatMoney(1234)).toBe("$1,234");
    expect(formatMoney(1234.5, "en")).toBe("$1,234.50");
  });

  it("writes months, days and money in Spanish", () => {
    expect(monthLabel("2026-03", "es")).toMatch(/^mar\.? 2026$/);
    expect(dayLabel("2026-03-02", false, "es")).toMatch(/^2 mar\.?$/);
    expect(dayLabel("2026-03-02", true, "es")).toMatch(/^2 mar\.? 2026$/);
    expect(formatMoney(1234.5, "es")).toMatch(/1,234\.50|1\.234,50|1234,50/);
  });

  it("shows a value it cannot read as it is", () => {
    expect(monthLabel("bad")).toBe("bad");
    expect(dayLabel("bad")).toBe("bad");
  });
});
