import { describe, expect, it } from "vitest";
import { setupI18n } from "@lingui/core";
import { messages as es } from "~/locales/es/messages.po";
import { parseAnalyticsPeriod, percentage, periodErrorMessages, periodSearch, presetRange } from "./analytics-period";
import { funnelSteps } from "./analytics-views";

const today = new Date("2026-11-22T13:00:00Z");
const parse = (query: string) => parseAnalyticsPeriod(new URLSearchParams(query), today);

describe("the analytics period", () => {
  it("defaults to the last 12 whole calendar months up to today", () => {
    expect(parse("")).toEqual({ ok: true, period: { choice: "12m", from: "2025-12-01", to: "2026-11-22" } });
  });

  it("counts the day presets back from today, today included", () => {
    expect(presetRange("30d", today)).toEqual({ from: "2026-10-24", to: "2026-11-22" });
    expect(presetRange("90d", today)).toEqual({ from: "2026-08-25", to: "2026-11-22" });
    // Across a year and from a month's last day.
    expect(presetRange("12m", new Date("2026-01-31T23:59:59Z"))).toEqual({ from: "2025-02-01", to: "2026-01-31" });
  });

  it("takes custom dates, from on or before to", () => {
    expect(parse("period=custom&from=2026-01-01&to=2026-03-31")).toEqual({
      ok: true,
      period: { choice: "custom", from: "2026-01-01", to: "2026-03-31" },
    });
    expect(parse("period=custom&from=2026-02-01&to=2026-02-01")).toMatchObject({ ok: true });
  });

  it("answers unreadable input with the field's message", () => {
    expect(parse("period=forever")).toMatchObject({ ok: false, errors: { period: "period" } });
    expect(parse("period=custom")).toMatchObject({
      ok: false,
      errors: { from: "fromMissing", to: "toMissing" },
    });
    expect(parse("period=custom&from=2026-02-30&to=2026-03-01")).toMatchObject({
      ok: false,
      errors: { from: "date" },
    });
    expect(parse("period=custom&from=01/02/2026&to=2026-03-01")).toMatchObject({
      ok: false,
      errors: { from: "date" },
    });
    expect(parse("period=custom&from=2026-03-02&to=2026-03-01")).toMatchObject({
      ok: false,
      errors: { to: "order" },
    });
    expect(parse("period=custom&from=2015-01-01&to=2026-03-01")).toMatchObject({
      ok: false,
      errors: { to: "tooLong" },
    });
    // What was asked for goes back to the form, so the admin can correct it.
    expect(parse("period=custom&from=x&to=2026-03-01")).toMatchObject({
      input: { period: "custom", from: "x", to: "2026-03-01" },
    });
  });

  it("words each field's problem in the reader's language", () => {
    const spanish = setupI18n({ locale: "es", messages: { es } });
    const english = setupI18n({ locale: "en", messages: { en: {} } });
    expect(periodErrorMessages({ from: "fromMissing", to: "order" }, english)).toEqual({
      from: "Choose a start date",
      to: "The start date must be on or before the end date",
    });
    expect(periodErrorMessages({ period: "period" }, spanish)).toEqual({
      period: "Elija uno de los períodos de la lista",
    });
  });

  it("writes the query string the picker sends", () => {
    expect(periodSearch({ choice: "90d" })).toBe("?period=90d");
    expect(periodSearch({ choice: "custom", from: "2026-01-01", to: "2026-01-31" })).toBe(
      "?period=custom&from=2026-01-01&to=2026-01-31",
    );
  });
});

describe("conversion percentages", () => {
  it("rounds to one decimal and gives none when there is nothing to divide by", () => {
    expect(percentage(2, 3)).toBe(66.7);
    expect(percentage(1, 8)).toBe(12.5);
    expect(percentage(0, 5)).toBe(0);
    expect(percentage(0, 0)).toBeNull();
  });

  it("gives each funnel step its conversion from the step before and from sign-up", () => {
    expect(funnelSteps({ signedUp: 10, paid: 4, informationSent: 3, launched: 1 })).toEqual([
      { key: "signedUp", label: "Signed up", count: 10, fromPrevious: null, fromStart: 100 },
      { key: "paid", label: "Paid", count: 4, fromPrevious: 40, fromStart: 40 },
      { key: "informationSent", label: "Information sent", count: 3, fromPrevious: 75, fromStart: 30 },
      { key: "launched", label: "Launched", count: 1, fromPrevious: 33.3, fromStart: 10 },
    ]);
    expect(
      funnelSteps({ signedUp: 0, paid: 0, informationSent: 0, launched: 0 }).map((step) => step.fromPrevious),
    ).toEqual([null, null, null, null]);
  });
});
