import { describe, expect, it } from "vitest";
import {
  band,
  labelStep,
  labelsShownFrom,
  linearScale,
  niceTicks,
  PLOT_WIDTHS,
  stackSegments,
  textWidth,
  valueLabelsShownFrom,
  type ValueLabel,
} from "./chart-scale";

/** 1, 2 or 5 times a power of ten. */
function isNice(step: number): boolean {
  const power = 10 ** Math.floor(Math.log10(step));
  return [1, 2, 5, 10].some((nice) => Math.abs(step / power - nice) < 1e-9);
}

function steps(ticks: number[]): number[] {
  return ticks.slice(1).map((tick, index) => Number((tick - ticks[index]!).toPrecision(12)));
}

describe("a value axis's ticks", () => {
  it("start at 0, reach at least the largest value, in one nice step, with at most the steps asked for", () => {
    for (const max of [0.3, 1, 3, 7, 9.5, 10, 11, 99, 101, 1500, 2345.67, 12_000, 987_654]) {
      const ticks = niceTicks(max, 4);
      expect(ticks[0], `max ${max}`).toBe(0);
      expect(ticks.at(-1)!, `max ${max}`).toBeGreaterThanOrEqual(max);
      const [step, ...rest] = steps(ticks);
      expect(
        rest.every((other) => other === step),
        `max ${max}: ${ticks.join(", ")}`,
      ).toBe(true);
      expect(isNice(step!), `max ${max}: step ${step}`).toBe(true);
      expect(ticks.length - 1, `max ${max}`).toBeLessThanOrEqual(4);
      // Not a frame far taller than the bars: the top tick is within one step of the largest value.
      expect(ticks.at(-1)! - max, `max ${max}`).toBeLessThan(step!);
    }
    expect(niceTicks(1500, 4)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0.3, 4)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it("count in whole numbers for things counted one by one", () => {
    expect(niceTicks(1, 4, { integer: true })).toEqual([0, 1]);
    expect(niceTicks(3, 4, { integer: true })).toEqual([0, 1, 2, 3]);
    expect(niceTicks(7, 4, { integer: true })).toEqual([0, 2, 4, 6, 8]);
    for (const max of [1, 2, 3, 5, 13, 57, 240])
      expect(niceTicks(max, 4, { integer: true }).every(Number.isInteger), `max ${max}`).toBe(true);
  });

  it("still make a frame when every value is 0 (or cannot be read), with no NaN or Infinity anywhere", () => {
    for (const max of [0, Number.NaN, Number.NEGATIVE_INFINITY]) {
      const ticks = niceTicks(max, 4);
      expect(ticks).toEqual([0, 1, 2, 3, 4]);
      const y = linearScale([ticks[0]!, ticks.at(-1)!], [272, 24]);
      expect(Number.isFinite(y(0))).toBe(true);
      expect(y(0)).toBe(272);
    }
    expect(niceTicks(0, 4, { integer: true })).toEqual([0, 1, 2, 3, 4]);
  });

  it("go below 0 when a value is negative (a month whose refunds outweigh its payments)", () => {
    const ticks = niceTicks(1500, 4, { min: -200 });
    expect(ticks[0]!).toBeLessThanOrEqual(-200);
    expect(ticks.at(-1)!).toBeGreaterThanOrEqual(1500);
    expect(ticks).toContain(0);
    expect(new Set(steps(ticks)).size).toBe(1);
  });
});

describe("the bars' geometry", () => {
  it("maps values onto pixels, and a domain of one value onto the range's start rather than NaN", () => {
    const y = linearScale([0, 100], [200, 0]);
    expect([y(0), y(50), y(100)]).toEqual([200, 100, 0]);
    expect(linearScale([0, 0], [200, 0])(5)).toBe(200);
  });

  it("gives each of n bars the same slot, the bar centred in it with a gap on each side", () => {
    const bands = [0, 1, 2, 3].map((index) => band(index, 4));
    expect(bands.map((one) => one.center)).toEqual([0.125, 0.375, 0.625, 0.875]);
    for (const one of bands) {
      expect(one.size).toBeCloseTo(0.2);
      expect(one.start + one.size / 2).toBeCloseTo(one.center);
    }
    expect(band(0, 0)).toEqual({ start: 0.1, size: 0.8, center: 0.5 });
  });

  it("stacks positive values upwards and negative ones downwards from 0", () => {
    expect(stackSegments([300, 200])).toEqual([
      [0, 300],
      [300, 500],
    ]);
    expect(stackSegments([-50, 200])).toEqual([
      [0, -50],
      [0, 200],
    ]);
    expect(stackSegments([0, 0])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});

/** The labels shown on a plot `plotWidth` wide, given when each is shown from. */
const shownAt = (from: (number | null)[], plotWidth: number) =>
  from.flatMap((width, index) => (width !== null && width <= plotWidth ? [index] : []));

describe("the horizontal axis's labels", () => {
  it("are all shown when they fit, and every k-th (k a power of two) when they would not", () => {
    expect(labelStep([40, 40, 40], 60, 16)).toBe(1);
    expect(labelStep([40, 40, 40, 40, 40], 30, 16)).toBe(2);
    expect(labelStep([40, 40, 40, 40, 40], 20, 16)).toBe(4);
    // Not even two fit: the first alone.
    expect(labelStep([400, 400, 400], 20, 16)).toBeGreaterThanOrEqual(3);
    expect(labelStep([], 10)).toBe(1);
  });

  it("keep the first label at every width, and never let two shown labels come closer than the gap", () => {
    const rows = [
      Array.from({ length: 12 }, (_, index) => textWidth(["Jan 2026", "Feb 2026", "sept 2026"][index % 3]!)),
      Array.from({ length: 57 }, () => textWidth("Mar 12")),
      Array.from({ length: 5 }, (_, index) => textWidth(String(index * 2500))),
      [textWidth("x")],
    ];
    for (const widths of rows) {
      const from = labelsShownFrom(widths, (plotWidth) => plotWidth / widths.length, 16);
      for (const plotWidth of PLOT_WIDTHS) {
        const shown = shownAt(from, plotWidth);
        expect(shown[0]).toBe(0);
        const spacing = plotWidth / widths.length;
        for (let i = 1; i < shown.length; i += 1) {
          const [a, b] = [shown[i - 1]!, shown[i]!];
          expect(
            (b - a) * spacing - (widths[a]! + widths[b]!) / 2,
            `${widths.length} labels at ${plotWidth}px`,
          ).toBeGreaterThanOrEqual(16);
        }
      }
    }
  });

  it("show more of them on a wider plot, never fewer, and all twelve months on a desktop-wide plot", () => {
    const widths = Array.from({ length: 12 }, () => textWidth("Mar 2026"));
    const from = labelsShownFrom(widths, (plotWidth) => plotWidth / widths.length, 10);
    let before: number[] = [];
    for (const plotWidth of PLOT_WIDTHS) {
      const shown = shownAt(from, plotWidth);
      expect(before.every((index) => shown.includes(index))).toBe(true);
      before = shown;
    }
    // A phone's revenue plot (about 240 px) still names a few months; a 1280 px screen's (about 840 px) all of them.
    expect(shownAt(from, 240).length).toBeGreaterThanOrEqual(2);
    expect(shownAt(from, 840)).toHaveLength(12);
  });
});

describe("the values written over the bars", () => {
  const label = (center: number, y: number, text: string, value: number): ValueLabel => ({
    center,
    y,
    width: textWidth(text),
    value,
  });

  it("never overlap at any width: where two would, the larger value keeps its place", () => {
    // Twelve months, equal bars: all labels on one line.
    const labels = Array.from({ length: 12 }, (_, index) =>
      label(band(index, 12).center, 40, "$1.5k", 1500 + (index === 7 ? 1 : 0)),
    );
    const from = valueLabelsShownFrom(labels, { minGap: 4 });
    expect(from[7]).toBe(PLOT_WIDTHS[0]);
    for (const plotWidth of PLOT_WIDTHS) {
      const shown = shownAt(from, plotWidth);
      for (let i = 1; i < shown.length; i += 1) {
        const [a, b] = [labels[shown[i - 1]!]!, labels[shown[i]!]!];
        expect((b.center - a.center) * plotWidth - (a.width + b.width) / 2, `at ${plotWidth}px`).toBeGreaterThanOrEqual(
          4,
        );
      }
    }
    expect(shownAt(from, 1280)).toHaveLength(12);
  });

  it("may sit side by side when their bars differ enough in height, and an empty one takes no room", () => {
    const from = valueLabelsShownFrom([label(0.25, 40, "$1.5k", 1500), null, label(0.3, 200, "$100", 100)]);
    expect(from).toEqual([PLOT_WIDTHS[0], null, PLOT_WIDTHS[0]]);
  });

  it("stick out of the plot by no more than allowed, so the first does not run into the value axis", () => {
    const first = label(band(0, 12).center, 40, "$1.5k", 1500);
    const from = valueLabelsShownFrom([first], { overhang: { left: 4, right: 12 } })[0]!;
    expect(from).not.toBeNull();
    expect(first.center * from - first.width / 2).toBeGreaterThanOrEqual(-4);
  });
});
