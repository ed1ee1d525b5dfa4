// @vitest-environment happy-dom
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { AnalyticsReport } from "~/features/analytics/analytics-views";
import type { PeriodFieldErrors } from "~/features/analytics/analytics-period";
import type { Locale } from "~/lib/i18n/locales";
import { inLanguage } from "~/lib/i18n/test-i18n";
import AdminAnalytics from "./analytics";

const Q1: AnalyticsReport = {
  period: { choice: "custom", from: "2026-01-01", to: "2026-03-31" },
  revenue: [
    { month: "2026-01", card: 600, zelle: 0, refunds: 0, total: 600 },
    { month: "2026-02", card: 350, zelle: 350, refunds: 0, total: 700 },
    { month: "2026-03", card: 0, zelle: 350, refunds: 0, total: 350 },
  ],
  revenueTotal: { card: 950, zelle: 700, refunds: 0, total: 1650 },
  signUps: [{ weekStart: "2026-01-05", signUps: 2 }],
  funnel: { signedUp: 4, paid: 3, informationSent: 3, launched: 2 },
  medianDaysToLaunch: 40,
  launchesInPeriod: 3,
  leads: {
    total: 4,
    won: 1,
    wonShare: 25,
    bySource: {
      keys: ["google", ""],
      weeks: [{ weekStart: "2026-01-05", counts: { google: 3, "": 1 }, total: 4 }],
      totals: { google: 3, "": 1 },
      total: 4,
    },
    byIndustry: {
      keys: ["roofing"],
      weeks: [{ weekStart: "2026-01-05", counts: { roofing: 4 }, total: 4 }],
      totals: { roofing: 4 },
      total: 4,
    },
  },
  plans: {
    monthlyRecurringRevenue: 147.5,
    pastDue: 1,
    months: [
      { month: "2026-01", started: 2, ended: 0 },
      { month: "2026-02", started: 1, ended: 1 },
      { month: "2026-03", started: 0, ended: 0 },
    ],
    started: 3,
    ended: 1,
  },
};

interface LoaderData {
  report: AnalyticsReport | null;
  errors: PeriodFieldErrors | null;
  input: { period: string; from: string; to: string };
}

/** The page as the server sends it for the loader's answer at `search`, read back as a document to query. */
function page(search: string, loaderData: LoaderData, locale: Locale = "en"): HTMLElement {
  const props = { loaderData: { ...loaderData, title: "Analytics" }, params: {}, matches: [] } as unknown as Parameters<
    typeof AdminAnalytics
  >[0];
  const router = createMemoryRouter(
    [{ path: "/admin/analytics", element: inLanguage(<AdminAnalytics {...props} />, locale) }],
    {
      initialEntries: [`/admin/analytics${search}`],
    },
  );
  const container = document.createElement("div");
  container.innerHTML = renderToString(<RouterProvider router={router} />).replaceAll("<!-- -->", "");
  return container;
}

const REVERSED = { period: "custom", from: "2026-03-31", to: "2026-01-01" };

/** The figures' cards (revenue, sign-ups, funnel...), not the picker's range line. */
const figureCards = (shown: HTMLElement) =>
  [...shown.querySelectorAll('[data-testid^="analytics-"]:not([data-testid="analytics-range"])')].map((card) =>
    card.getAttribute("data-testid"),
  );

describe("the analytics page", () => {
  it("shows a readable period's figures and its CSV export", () => {
    const shown = page("?period=custom&from=2026-01-01&to=2026-03-31", {
      report: Q1,
      errors: null,
      input: { period: "custom", from: "2026-01-01", to: "2026-03-31" },
    });
    expect(figureCards(shown)).toEqual(
      expect.arrayContaining(["analytics-revenue", "analytics-sign-ups", "analytics-funnel"]),
    );
    expect(shown.querySelector('[data-testid="export-payments-csv"]')).not.toBeNull();
    expect(shown.querySelector('[role="alert"]')).toBeNull();
  });

  it("shows the period's leads by source and industry and the share won, in both languages", () => {
    const input = { period: "custom", from: "2026-01-01", to: "2026-03-31" };
    const english = page("?period=custom&from=2026-01-01&to=2026-03-31", { report: Q1, errors: null, input });
    expect(english.querySelector('[data-testid="leads-won-share"]')?.textContent).toBe(
      "1 of 4 leads became paying customers (25%).",
    );
    const heads = (shown: HTMLElement, id: string) =>
      [...shown.querySelectorAll(`[data-testid="${id}"] thead th`)].map((th) => th.textContent);
    expect(heads(english, "leads-by-source")).toEqual(["Week starting", "google", "Direct", "Total"]);
    expect(heads(english, "leads-by-industry")).toEqual(["Week starting", "Roofing", "Total"]);
    const spanish = page("?period=custom&from=2026-01-01&to=2026-03-31", { report: Q1, errors: null, input }, "es");
    expect(spanish.querySelector('[data-testid="leads-won-share"]')?.textContent).not.toContain("became");
    expect(heads(spanish, "leads-by-source")).not.toContain("Direct");
  });

  it("shows the care plans: monthly recurring revenue and past due today, new and ended plans per month, in both languages", () => {
    const input = { period: "custom", from: "2026-01-01", to: "2026-03-31" };
    const english = page("?period=custom&from=2026-01-01&to=2026-03-31", { report: Q1, errors: null, input });
    const text = (shown: HTMLElement, id: string) => shown.querySelector(`[data-testid="${id}"]`)?.textContent;
    expect(text(english, "stat-mrr")).toBe("$147.50");
    expect(text(english, "stat-plans-past-due")).toBe("1");
    expect(text(english, "stat-plans-started")).toBe("3");
    expect(text(english, "stat-plans-ended")).toBe("1");
    const cells = (shown: HTMLElement, month: string) =>
      [...shown.querySelectorAll(`[data-testid="plans-${month}"] > *`)].map((cell) => cell.textContent);
    expect(cells(english, "2026-02")).toEqual(["Feb 2026", "1", "1"]);
    expect(english.querySelector('[data-testid="analytics-plans"] h2')?.textContent).toBe("Care plans");
    const spanish = page("?period=custom&from=2026-01-01&to=2026-03-31", { report: Q1, errors: null, input }, "es");
    expect(spanish.querySelector('[data-testid="analytics-plans"] h2')?.textContent).toBe("Planes de mantenimiento");
    expect(spanish.querySelector('[data-testid="analytics-plans"]')?.textContent).toContain(
      "Ingresos mensuales recurrentes",
    );
  });

  // The loader's answer to a period the URL cannot give (tests/integration/analytics.test.ts): its message, no report.
  it("answers a period it cannot read with the message beside the picker, the field marked, and no figures", () => {
    const shown = page("?period=custom&from=2026-03-31&to=2026-01-01", {
      report: null,
      errors: { to: "The start date must be on or before the end date" },
      input: REVERSED,
    });
    expect(shown.querySelector('[role="alert"]')?.textContent).toBe(
      "The period could not be read: The start date must be on or before the end date",
    );
    const to = shown.querySelector<HTMLInputElement>("input#to")!;
    expect(to.getAttribute("aria-invalid")).toBe("true");
    expect(shown.querySelector(`#${to.getAttribute("aria-describedby")}`)?.textContent).toBe(
      "The start date must be on or before the end date",
    );
    expect(shown.querySelector("input#from")?.hasAttribute("aria-invalid")).toBe(false);
    // The dates asked for stay in the form, to be corrected.
    expect([shown.querySelector<HTMLInputElement>("input#from")?.value, to.value]).toEqual([
      "2026-03-31",
      "2026-01-01",
    ]);
    expect(figureCards(shown)).toEqual([]);
    expect(shown.querySelector('[data-testid="export-payments-csv"]')).toBeNull();
  });

  it("marks the Period list when the period itself is not one of the listed ones, keeping what was asked", () => {
    const shown = page("?period=forever", {
      report: null,
      errors: { period: "Choose one of the listed periods" },
      input: { period: "forever", from: "", to: "" },
    });
    const select = shown.querySelector<HTMLSelectElement>("select#analytics-period")!;
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(shown.querySelector(`#${select.getAttribute("aria-describedby")}`)?.textContent).toBe(
      "Choose one of the listed periods",
    );
    expect(select.querySelector('option[value="forever"]')?.hasAttribute("disabled")).toBe(true);
    expect(shown.querySelector('[role="alert"]')?.textContent).toBe(
      "The period could not be read: Choose one of the listed periods",
    );
    expect(figureCards(shown)).toEqual([]);
  });

  it("says so in Spanish on a Spanish page", () => {
    const shown = page(
      "?period=custom&from=2026-03-31&to=2026-01-01",
      {
        report: null,
        errors: { to: "La fecha de inicio debe ser igual o anterior a la fecha de fin" },
        input: REVERSED,
      },
      "es",
    );
    expect(shown.querySelector('[role="alert"]')?.textContent).toBe(
      "No se pudo leer el período: La fecha de inicio debe ser igual o anterior a la fecha de fin",
    );
  });
});
