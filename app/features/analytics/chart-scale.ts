/*
 * The arithmetic behind the analytics charts, kept apart from React so each rule can be tested alone. The charts are
 * drawn on the server, where the width they will get is unknown: horizontal positions are fractions of the plot
 * (percentages in the SVG), vertical ones are pixels (the charts have a fixed height), and which labels are shown is
 * decided per plot width in PLOT_WIDTHS, for CSS container queries to pick, rather than by measuring in the browser.
 */

/** The font size of every value written on a chart, in pixels. */
export const CHART_FONT_SIZE = 12;

/**
 * A generous guess of the width a text takes at `fontSize` in the page's sans-serif font: the server cannot measure
 * it, and guessing wide only thins the labels a little more than needed, where guessing narrow would let them overlap.
 */
export function textWidth(text: string, fontSize = CHART_FONT_SIZE): number {
  return text.length * fontSize * 0.6;
}

/** 1, 2 or 5 times a power of ten, the smallest such at least `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Clears the float noise of `3 * 0.1` so the values print as people write them. */
const tidy = (value: number) => Number(value.toPrecision(12));

/**
 * The values to mark on a value axis: from 0 (or below it, for a negative `min`) up to at least `max`, in steps of 1, 2
 * or 5 times a power of ten, about `count` steps in all (at most `count` when nothing is negative). `integer` for things counted one by one, whose
 * axis never shows a fraction. With nothing to show (all zeros) the axis still gets a frame of `count` steps of 1,
 * so no chart divides by zero.
 */
export function niceTicks(
  max: number,
  count = 4,
  { integer = false, min = 0 }: { integer?: boolean; min?: number } = {},
): number[] {
  const high = Number.isFinite(max) ? Math.max(0, max) : 0;
  const low = Number.isFinite(min) ? Math.min(0, min) : 0;
  const steps = Math.max(1, Math.round(count));
  const span = high - low;
  let step = span > 0 ? niceStep(span / steps) : 1;
  if (integer) step = Math.max(1, Math.ceil(step));
  const first = Math.floor(tidy(low / step));
  const last = span > 0 ? Math.ceil(tidy(high / step)) : steps;
  const ticks: number[] = [];
  for (let index = first; index <= last; index += 1) ticks.push(tidy(index * step));
  return ticks;
}

/** Maps `domain` linearly onto `range`; a domain of one value maps everything to the range's start. */
export function linearScale(
  [d0, d1]: readonly [number, number],
  [r0, r1]: readonly [number, number],
): (value: number) => number {
  const span = d1 - d0;
  return (value) => (span === 0 ? r0 : r0 + ((value - d0) / span) * (r1 - r0));
}

/**
 * The place of item `index` of `count` side by side, as fractions of the plot's width (0 to 1): its bar starts at
 * `start` and is `size` wide, leaving `gap` of the slot free on each side (as chart libraries do by default), and its
 * labels are centred on `center`.
 */
export function band(index: number, count: number, gap = 0.1): { start: number; size: number; center: number } {
  const slot = 1 / Math.max(1, count);
  return { start: (index + gap) * slot, size: (1 - 2 * gap) * slot, center: (index + 0.5) * slot };
}

/**
 * One stacked bar's segments, as [from, to] values in the order given: positive values pile up from 0, negative ones
 * down from 0, so a month with a refund larger than its payments is drawn below the axis instead of over the others.
 */
export function stackSegments(values: readonly number[]): [number, number][] {
  let up = 0;
  let down = 0;
  return values.map((value) => {
    if (value >= 0) {
      const from = up;
      up += value;
      return [from, up];
    }
    const from = down;
    down += value;
    return [from, down];
  });
}

/**
 * The plot widths, in pixels, at which the charts choose again which labels fit, every 32 px: each but the first is a
 * CSS container query, so the page switches between them without any script. The first stands for anything narrower,
 * down to the narrowest phone's plot.
 */
export const PLOT_WIDTHS = [
  160, 192, 224, 256, 288, 320, 352, 384, 416, 448, 480, 512, 544, 576, 608, 640, 672, 704, 736, 768, 800, 832, 864,
  896, 928, 960, 992, 1024, 1056, 1088, 1120, 1152, 1184, 1216, 1248, 1280,
] as const;
export type PlotWidth = (typeof PLOT_WIDTHS)[number];

/**
 * The smallest power of two `k` such that the labels 0, k, 2k... of a row whose neighbours are `spacing` pixels apart
 * leave at least `minGap` pixels between each other (the row's `widths` in pixels). Powers of two, so the labels
 * shown on a wider plot always include those shown on a narrower one. A step of at least the row's length shows the
 * first label alone.
 */
export function labelStep(widths: readonly number[], spacing: number, minGap = 16): number {
  let step = 1;
  for (; step < widths.length; step *= 2) {
    let fits = true;
    for (let index = 0; index + step < widths.length && fits; index += step) {
      fits = step * spacing - (widths[index]! + widths[index + step]!) / 2 >= minGap;
    }
    if (fits) return step;
  }
  return step;
}

/**
 * For each label of an evenly spaced row (an axis's tick values), the narrowest of PLOT_WIDTHS from which it is shown,
 * or null when it is never shown at those widths; `spacingAt` gives the distance between neighbours on a plot of a
 * given width. The first label is always shown.
 */
export function labelsShownFrom(
  widths: readonly number[],
  spacingAt: (plotWidth: number) => number,
  minGap = 16,
): (PlotWidth | null)[] {
  const shownFrom: (PlotWidth | null)[] = widths.map(() => null);
  for (const plotWidth of PLOT_WIDTHS) {
    const step = labelStep(widths, spacingAt(plotWidth), minGap);
    for (let index = 0; index < widths.length; index += step) shownFrom[index] ??= plotWidth;
  }
  return shownFrom;
}

/** A value written above its bar: centred on `center` (a fraction of the plot's width), its baseline at `y` pixels. */
export interface ValueLabel {
  center: number;
  y: number;
  width: number;
  /** Larger values win a place first, so the peaks keep their figures. */
  value: number;
}

/**
 * For each value written above a bar (null: none), the narrowest of PLOT_WIDTHS from which it is shown, or null when
 * never: a label is shown once it overlaps no label of a larger value (nor of an equal value further left) and sticks
 * out of the plot by no more than `overhang` pixels on either side. Two labels overlap when their lines are less than
 * `lineHeight` apart and less than `minGap` pixels separate them sideways. Whether a label is shown depends on the
 * others' places, not on whether they are shown, so a wider plot never hides a label a narrower one showed.
 */
export function valueLabelsShownFrom(
  labels: readonly (ValueLabel | null)[],
  {
    minGap = 4,
    lineHeight = CHART_FONT_SIZE + 2,
    overhang = { left: 0, right: 0 },
  }: { minGap?: number; lineHeight?: number; overhang?: { left: number; right: number } } = {},
): (PlotWidth | null)[] {
  const first = (a: number, b: number) =>
    labels[a]!.value > labels[b]!.value || (labels[a]!.value === labels[b]!.value && a < b);
  return labels.map((label, index) => {
    if (!label) return null;
    const rivals = labels.flatMap((other, at) => (other && at !== index && first(at, index) ? [other] : []));
    return (
      PLOT_WIDTHS.find((plotWidth) => {
        const left = label.center * plotWidth - label.width / 2;
        const right = label.center * plotWidth + label.width / 2;
        if (left < -overhang.left || right > plotWidth + overhang.right) return false;
        return rivals.every(
          (other) =>
            Math.abs(other.y - label.y) >= lineHeight ||
            Math.abs(other.center - label.center) * plotWidth - (other.width + label.width) / 2 >= minGap,
        );
      }) ?? null
    );
  });
}
