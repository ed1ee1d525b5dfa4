// @vitest-environment happy-dom
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { Locale } from "~/lib/i18n/locales";
import { funnelSteps } from "../analytics-views";
import { FunnelChart, RevenueChart, SignUpsChart } from "./analytics-charts";

/** The chart as the server sends it (nothing measured in a browser), read back as a document to query. */
function draw(element: React.ReactElement, locale: Locale = "en"): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToString(inLanguage(element, locale));
  return container;
}

/** What a sighted reader sees written in the drawing (the bars' titles are tooltips, not drawn text). */
const drawnTexts = (chart: HTMLElement, selector = "text") =>
  [...chart.querySelectorAll(selector)].map((text) => text.textContent);

/** A text as Intl writes it: the space before a compact sign (K) is a no-break space. */
const withIntlSpaces = (text: string) => text.replaceAll(" ", "\u00a0");

/** No coordinate or size went NaN or Infinity on the way. */
function expectFiniteGeometry(chart: HTMLElement) {
  for (const element of chart.querySelectorAll("svg *")) {
    for (const name of ["x", "y", "x1", "x2", "y1", "y2", "width", "height", "dy"]) {
      const value = element.getAttribute(name);
      if (value !== null) expect(value, `${element.tagName} ${name}`).not.toMatch(/NaN|Infinity/);
    }
  }
}

const revenue = [
  { month: "2026-01", card: 1000, zelle: 500, refunds: 0, total: 1500 },
  { month: "2026-02", card: 0, zelle: 0, refunds: 0, total: 0 },
  { month: "2026-03", card: 250, zelle: 0, refunds: 0, total: 250 },
];

describe("the revenue chart", () => {
  it("is an SVG with a card and a Zelle bar per month, each bar titled with its amount", () => {
    const chart = draw(<RevenueChart revenue={revenue} />);
    const svg = chart.querySelector('svg[data-testid="revenue-svg"]');
    expect(svg).not.toBeNull();
    expect(svg!.querySelectorAll('rect[data-series="card"]')).toHaveLength(3);
    expect(svg!.querySelectorAll('rect[data-series="zelle"]')).toHaveLength(3);
    expect(svg!.querySelector('rect[data-series="card"] title')!.textContent).toBe("Jan 2026, Card: $1,000");
    expect(svg!.querySelector('rect[data-series="zelle"] title')!.textContent).toBe("Jan 2026, Zelle: $500");
    // The card bar stands on the axis and Zelle's sits on top of it, twice as tall as Zelle's 500 against card's 1,000.
    const [card, zelle] = [
      svg!.querySelector('rect[data-series="card"]')!,
      svg!.querySelector('rect[data-series="zelle"]')!,
    ];
    expect(Number(zelle.getAttribute("y")) + Number(zelle.getAttribute("height"))).toBeCloseTo(
      Number(card.getAttribute("y")),
      0,
    );
    expect(Number(card.getAttribute("height"))).toBeCloseTo(2 * Number(zelle.getAttribute("height")), 0);
    expectFiniteGeometry(chart);
  });

  it("writes each month's total over its bar in short dollars ($1.5k), none over an empty month, and the same on the value axis", () => {
    const chart = draw(<RevenueChart revenue={revenue} />);
    expect(drawnTexts(chart, "text[data-value-label]")).toEqual(["$1.5k", "$250"]);
    // The value axis counts in nice steps up to the largest month.
    expect(drawnTexts(chart, "svg:not([data-testid]) text")).toEqual(["$0", "$500", "$1k", "$1.5k"]);
    expect(drawnTexts(chart)).toEqual(expect.arrayContaining(["Jan 2026", "Feb 2026", "Mar 2026"]));
    expect(chart.querySelector('[data-testid="y-axis-title"]')!.textContent).toBe("US dollars");
    expect(chart.querySelector('[data-testid="x-axis-title"]')!.textContent).toBe("Month (UTC)");
    expect(chart.querySelector("li")!.textContent).toBe("Card");
  });

  it("is in Spanish on a Spanish page", () => {
    const chart = draw(<RevenueChart revenue={revenue} />, "es");
    expect(chart.querySelector('[data-testid="y-axis-title"]')!.textContent).not.toBe("US dollars");
    // Intl's compact dollars for the Spanish page's locale, not the English "$1.5k".
    const total = drawnTexts(chart, "text[data-value-label]")[0];
    expect(total).toMatch(/1[.,]5/);
    expect(total).not.toBe("$1.5k");
    // Whole amounts without a decimal, as the browser writes them: a server's "250,0" would not match the page once
    // it runs in the browser, which then throws the server's drawing away.
    expect(drawnTexts(chart, "svg:not([data-testid]) text")).toEqual(
      ["$0", "$500", "$1 K", "$1.5 K"].map(withIntlSpaces),
    );
  });

  it("draws its axes for a period with no revenue at all, with no NaN and no label over the empty bars", () => {
    const chart = draw(<RevenueChart revenue={[{ month: "2020-01", card: 0, zelle: 0, refunds: 0, total: 0 }]} />);
    expect(chart.querySelector('svg[data-testid="revenue-svg"]')!.querySelectorAll("line").length).toBeGreaterThan(1);
    expect(chart.querySelectorAll("text[data-value-label]")).toHaveLength(0);
    expectFiniteGeometry(chart);
  });

  it("keeps its height, so the page does not move", () => {
    expect(draw(<RevenueChart revenue={revenue} />).innerHTML).toContain('style="height:300px"');
  });
});

describe("the sign-ups chart", () => {
  const signUps = [
    { weekStart: "2026-03-02", signUps: 3 },
    { weekStart: "2026-03-09", signUps: 0 },
    { weekStart: "2026-03-16", signUps: 12 },
    { weekStart: "2026-03-23", signUps: 1 },
  ];

  it("is an SVG with one bar per week, its count written over it (not over an empty week), counted in whole numbers", () => {
    const chart = draw(<SignUpsChart signUps={signUps} />);
    const svg = chart.querySelector('svg[data-testid="sign-ups-svg"]');
    expect(svg).not.toBeNull();
    expect(svg!.querySelectorAll("rect")).toHaveLength(4);
    expect(svg!.querySelector("rect title")!.textContent).toBe("Mar 2, Sign-ups: 3");
    expect(drawnTexts(chart, "text[data-value-label]")).toEqual(["3", "12", "1"]);
    const ticks = drawnTexts(chart, "svg:not([data-testid]) text").map(Number);
    expect(ticks.every(Number.isInteger)).toBe(true);
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(12);
    expect(chart.innerHTML).toContain('style="height:300px"');
    expectFiniteGeometry(chart);
  });

  it("draws its axes for weeks without a single sign-up", () => {
    const chart = draw(<SignUpsChart signUps={[{ weekStart: "2020-01-06", signUps: 0 }]} />);
    expect(drawnTexts(chart, "svg:not([data-testid]) text")).toEqual(["0", "1", "2", "3", "4"]);
    expectFiniteGeometry(chart);
  });
});

describe("the funnel chart", () => {
  const steps = funnelSteps({ signedUp: 40, paid: 30, informationSent: 15, launched: 3 });

  it("is an SVG with one bar per step, each followed by its count and its conversion from the step before", () => {
    const chart = draw(<FunnelChart steps={steps} />);
    const svg = chart.querySelector('svg[data-testid="funnel-svg"]');
    expect(svg).not.toBeNull();
    expect(svg!.querySelectorAll("rect")).toHaveLength(4);
    expect(drawnTexts(chart, "text[data-value-label]")).toEqual(["40", "30 (75%)", "15 (50%)", "3 (20%)"]);
    expect(svg!.querySelectorAll("rect")[1]!.querySelector("title")!.textContent).toBe("Paid: 30 (75%)");
    // Bars as long as their counts against the axis's top value (40 is a nice number already: 0, 10... 40).
    const widths = [...svg!.querySelectorAll("rect")].map((rect) => rect.getAttribute("width"));
    expect(widths).toEqual(["100%", "75%", "37.5%", "7.5%"]);
    expect(chart.textContent).toContain("Signed up");
    expect(chart.innerHTML).toContain("height:240px");
    expectFiniteGeometry(chart);
  });

  it("draws its axis when nobody signed up", () => {
    const chart = draw(<FunnelChart steps={funnelSteps({ signedUp: 0, paid: 0, informationSent: 0, launched: 0 })} />);
    // No conversion from an empty step: the count alone, as in the table's dash.
    expect(drawnTexts(chart, "text[data-value-label]")).toEqual(["0", "0", "0", "0"]);
    expectFiniteGeometry(chart);
  });
});
