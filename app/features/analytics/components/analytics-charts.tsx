import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { intlLocale } from "~/lib/i18n/translate";
import { formatMoney } from "~/lib/i18n/format";
import {
  dayLabel,
  formatPercent,
  monthLabel,
  type FunnelStep,
  type MonthlyRevenue,
  type WeeklySignUps,
} from "../analytics-views";
import {
  band,
  CHART_FONT_SIZE,
  labelsShownFrom,
  linearScale,
  niceTicks,
  stackSegments,
  textWidth,
  valueLabelsShownFrom,
  type PlotWidth,
  type ValueLabel,
} from "../chart-scale";

/*
 * The charts, drawn as plain SVG by the components themselves: no chart library to download, and the server sends
 * them finished, so nothing waits for the browser to measure a width. Heights are fixed pixels; horizontal places
 * are percentages of the plot, so a chart fills whatever width it gets while its text keeps its size. Each chart is a
 * picture for sighted readers (aria-hidden, nothing focusable in it); the same figures are in the table that follows
 * it, which screen readers read, and each bar carries its figure as an SVG title for the mouse.
 */

const CARD_COLOR = "#1d4ed8";
const ZELLE_COLOR = "#6d28d9";
const SIGN_UP_COLOR = "#0f766e";
const FUNNEL_COLOR = "#1e40af";
const TEXT_COLOR = "#334155";
const GRID_COLOR = "#ccc";
const AXIS_COLOR = "#666";

/** Revenue and sign-ups: the whole chart's height, legend included, so the page does not move when it is drawn. */
const COLUMN_CHART_HEIGHT = 300;
const FUNNEL_CHART_HEIGHT = 240;
const LEGEND_HEIGHT = 28;
/** Room above the plot for the value over the tallest bar, and below it for the horizontal axis's values. */
const PLOT_TOP = 24;
const X_AXIS_HEIGHT = 28;
/** Between a tick's value and the axis line. */
const TICK_GAP = 8;
/** Free room right of a column chart's plot (Tailwind `pr-3`), where the last values may stick out. */
const RIGHT_ROOM = 12;
/**
 * The least space between two of the horizontal axis's values. A little less than chart libraries leave between
 * measured texts, as textWidth already guesses each text wider than most fonts draw it.
 */
const MIN_TICK_GAP = 10;

/**
 * Each PLOT_WIDTHS entry's container query: a label shown from that width is hidden on a narrower plot. Written out
 * whole so Tailwind finds the classes in the source.
 */
const SHOWN_FROM: Record<PlotWidth, string> = {
  160: "",
  192: "hidden @min-[192px]:inline",
  224: "hidden @min-[224px]:inline",
  256: "hidden @min-[256px]:inline",
  288: "hidden @min-[288px]:inline",
  320: "hidden @min-[320px]:inline",
  352: "hidden @min-[352px]:inline",
  384: "hidden @min-[384px]:inline",
  416: "hidden @min-[416px]:inline",
  448: "hidden @min-[448px]:inline",
  480: "hidden @min-[480px]:inline",
  512: "hidden @min-[512px]:inline",
  544: "hidden @min-[544px]:inline",
  576: "hidden @min-[576px]:inline",
  608: "hidden @min-[608px]:inline",
  640: "hidden @min-[640px]:inline",
  672: "hidden @min-[672px]:inline",
  704: "hidden @min-[704px]:inline",
  736: "hidden @min-[736px]:inline",
  768: "hidden @min-[768px]:inline",
  800: "hidden @min-[800px]:inline",
  832: "hidden @min-[832px]:inline",
  864: "hidden @min-[864px]:inline",
  896: "hidden @min-[896px]:inline",
  928: "hidden @min-[928px]:inline",
  960: "hidden @min-[960px]:inline",
  992: "hidden @min-[992px]:inline",
  1024: "hidden @min-[1024px]:inline",
  1056: "hidden @min-[1056px]:inline",
  1088: "hidden @min-[1088px]:inline",
  1120: "hidden @min-[1120px]:inline",
  1152: "hidden @min-[1152px]:inline",
  1184: "hidden @min-[1184px]:inline",
  1216: "hidden @min-[1216px]:inline",
  1248: "hidden @min-[1248px]:inline",
  1280: "hidden @min-[1280px]:inline",
};
const shownClass = (from: PlotWidth | null) => (from === null ? "hidden" : SHOWN_FROM[from]) || undefined;

/** A fraction of the plot's width as an SVG length, without float noise such as 55.00000000000001%. */
const percent = (fraction: number) => `${Math.round(fraction * 100_000) / 1000}%`;
/** Pixels to a tenth, which no screen tells apart, instead of 5.1000000000000005. */
const px = (value: number) => Math.round(value * 10) / 10;
/** Lines one pixel wide fall on whole pixels instead of blurring over two. */
const crisp = (y: number) => Math.round(y) + 0.5;

/** '$1.5k' in English; Intl's compact notation in the page's language otherwise (Spanish: '$1.5 K'). */
const compactUsd =
  (locale: string) =>
  (value: number): string =>
    locale === "en"
      ? value < 0
        ? `-${compactUsd(locale)(-value)}`
        : value >= 1000
          ? `$${(value / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 })}k`
          : `$${value.toLocaleString("en-US")}`
      : // minimumFractionDigits said outright: Node and the browser default it differently for compact currency ("$100.0"
        // against "$100"), and the page rendered on the server must read the same once the browser runs it.
        value.toLocaleString(intlLocale(locale), {
          style: "currency",
          currency: "USD",
          notation: "compact",
          minimumFractionDigits: 0,
          maximumFractionDigits: 1,
        });

const nonZero = (format: (value: number) => string) => (value: number) => (value > 0 ? format(value) : "");

/**
 * A chart with its axis titles written as text around it (not inside the drawing): they wrap on a narrow screen
 * instead of running over the tick values or off the card, in either language.
 */
function WithAxisTitles({ y, x, children }: { y?: string; x: string; children: ReactNode }) {
  return (
    <div>
      {y ? (
        <p className="text-xs font-medium text-slate-700" data-testid="y-axis-title">
          {y}
        </p>
      ) : null}
      {children}
      <p className="text-center text-sm text-slate-700" data-testid="x-axis-title">
        {x}
      </p>
    </div>
  );
}

interface Series {
  key: string;
  name: string;
  color: string;
  values: number[];
}

/** The vertical value axis, in its own SVG as wide as its longest value, so the plot beside it can be in percentages. */
function ValueAxis({
  ticks,
  y,
  format,
  height,
}: {
  ticks: number[];
  y: (value: number) => number;
  format: (value: number) => string;
  height: number;
}) {
  const texts = ticks.map(format);
  const width = Math.ceil(Math.max(24, ...texts.map((text) => textWidth(text))) + TICK_GAP + 2);
  return (
    <svg width={width} height={height} className="block shrink-0 overflow-visible">
      <line x1={width - 0.5} x2={width - 0.5} y1={px(y(ticks.at(-1)!))} y2={px(y(ticks[0]!))} stroke={AXIS_COLOR} />
      {ticks.map((tick, index) => (
        <g key={tick}>
          <line x1={width - 5} x2={width} y1={crisp(y(tick))} y2={crisp(y(tick))} stroke={AXIS_COLOR} />
          <text
            x={width - TICK_GAP}
            y={px(y(tick))}
            dy="0.32em"
            textAnchor="end"
            fontSize={CHART_FONT_SIZE}
            fill={TEXT_COLOR}
          >
            {texts[index]}
          </text>
        </g>
      ))}
    </svg>
  );
}

/**
 * Bars standing on a horizontal axis, one per label, each a stack of `series` (one series: plain bars), with a value
 * written over each bar (`tops`, empty: none) and dashed lines at the value axis's ticks.
 */
function ColumnChart({
  testId,
  labels,
  series,
  tops,
  formatTick,
  integer = false,
  legend = false,
  barTitle,
}: {
  testId: string;
  labels: string[];
  series: Series[];
  tops: { text: string; value: number }[];
  formatTick: (value: number) => string;
  integer?: boolean;
  legend?: boolean;
  barTitle: (index: number, series: Series) => string;
}) {
  const height = COLUMN_CHART_HEIGHT - (legend ? LEGEND_HEIGHT : 0);
  const plotBottom = height - X_AXIS_HEIGHT;
  const stacks = labels.map((_, index) => stackSegments(series.map((one) => one.values[index] ?? 0)));
  const ends = stacks.flat().flat();
  const ticks = niceTicks(Math.max(0, ...ends), 4, { integer, min: Math.min(0, ...ends) });
  const y = linearScale([ticks[0]!, ticks.at(-1)!], [plotBottom, PLOT_TOP]);
  const bands = labels.map((_, index) => band(index, labels.length));
  const labelsFrom = labelsShownFrom(
    labels.map((label) => textWidth(label)),
    (plotWidth) => plotWidth / Math.max(1, labels.length),
    MIN_TICK_GAP,
  );
  const topY = stacks.map((stack) => y(Math.max(0, ...stack.map(([, to]) => to))) - 4);
  const topsFrom = valueLabelsShownFrom(
    tops.map((top, index): ValueLabel | null =>
      top.text ? { center: bands[index]!.center, y: topY[index]!, width: textWidth(top.text), value: top.value } : null,
    ),
    { overhang: { left: TICK_GAP / 2, right: RIGHT_ROOM } },
  );
  return (
    <div style={{ height: COLUMN_CHART_HEIGHT }}>
      {legend ? (
        <ul className="flex items-center justify-center gap-4 text-xs text-slate-700" style={{ height: LEGEND_HEIGHT }}>
          {series.map((one) => (
            <li key={one.key} className="flex items-center gap-1.5">
              <span className="inline-block size-3" style={{ backgroundColor: one.color }} />
              {one.name}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex pr-3">
        <ValueAxis ticks={ticks} y={y} format={formatTick} height={height} />
        <div className="@container min-w-0 flex-1">
          <svg data-testid={testId} width="100%" height={height} className="block overflow-visible">
            {ticks.map((tick) => (
              <line
                key={tick}
                x1="0"
                x2="100%"
                y1={crisp(y(tick))}
                y2={crisp(y(tick))}
                stroke={GRID_COLOR}
                strokeDasharray="3 3"
              />
            ))}
            {series.map((one, seriesIndex) => (
              <g key={one.key} fill={one.color}>
                {bands.map((place, index) => {
                  const [from, to] = stacks[index]![seriesIndex]!;
                  return (
                    <rect
                      key={index}
                      data-series={one.key}
                      x={percent(place.start)}
                      width={percent(place.size)}
                      y={px(Math.min(y(from), y(to)))}
                      height={px(Math.abs(y(from) - y(to)))}
                    >
                      <title>{barTitle(index, one)}</title>
                    </rect>
                  );
                })}
              </g>
            ))}
            <line x1="0" x2="100%" y1={crisp(y(0))} y2={crisp(y(0))} stroke={AXIS_COLOR} />
            {tops.map((top, index) =>
              top.text ? (
                <text
                  key={index}
                  data-value-label=""
                  className={shownClass(topsFrom[index]!)}
                  x={percent(bands[index]!.center)}
                  y={px(topY[index]!)}
                  textAnchor="middle"
                  fontSize={CHART_FONT_SIZE}
                  fill={TEXT_COLOR}
                >
                  {top.text}
                </text>
              ) : null,
            )}
            {labels.map((label, index) => (
              <text
                key={index}
                className={shownClass(labelsFrom[index]!)}
                x={percent(bands[index]!.center)}
                y={plotBottom + TICK_GAP}
                dy="0.71em"
                textAnchor="middle"
                fontSize={CHART_FONT_SIZE}
                fill={TEXT_COLOR}
              >
                {label}
              </text>
            ))}
          </svg>
        </div>
      </div>
    </div>
  );
}

export function RevenueChart({ revenue }: { revenue: MonthlyRevenue[] }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const labels = revenue.map((row) => monthLabel(row.month, locale));
  const series: Series[] = [
    { key: "card", name: t`Card`, color: CARD_COLOR, values: revenue.map((row) => row.card) },
    { key: "zelle", name: "Zelle", color: ZELLE_COLOR, values: revenue.map((row) => row.zelle) },
  ];
  const total = nonZero(compactUsd(locale));
  return (
    <WithAxisTitles y={t`US dollars`} x={t`Month (UTC)`}>
      <ColumnChart
        testId="revenue-svg"
        labels={labels}
        series={series}
        tops={revenue.map((row) => ({ text: total(row.total), value: row.total }))}
        formatTick={compactUsd(locale)}
        legend
        barTitle={(index, one) => `${labels[index]}, ${one.name}: ${formatMoney(one.values[index]!, locale)}`}
      />
    </WithAxisTitles>
  );
}

export function SignUpsChart({ signUps }: { signUps: WeeklySignUps[] }) {
  const { t, i18n } = useLingui();
  const labels = signUps.map((row) => dayLabel(row.weekStart, false, i18n.locale));
  const series: Series[] = [
    { key: "signUps", name: t`Sign-ups`, color: SIGN_UP_COLOR, values: signUps.map((row) => row.signUps) },
  ];
  const count = nonZero(String);
  return (
    <WithAxisTitles y={t`Customers`} x={t`Week starting (Monday, UTC)`}>
      <ColumnChart
        testId="sign-ups-svg"
        labels={labels}
        series={series}
        tops={signUps.map((row) => ({ text: count(row.signUps), value: row.signUps }))}
        formatTick={String}
        integer
        barTitle={(index, one) => `${labels[index]}, ${one.name}: ${one.values[index]}`}
      />
    </WithAxisTitles>
  );
}

/** The funnel: one horizontal bar per step, its count and conversion written after it, the step names beside it. */
export function FunnelChart({ steps }: { steps: FunnelStep[] }) {
  const { t } = useLingui();
  const texts = steps.map((step) =>
    step.fromPrevious === null ? String(step.count) : `${step.count} (${formatPercent(step.fromPrevious)})`,
  );
  const height = FUNNEL_CHART_HEIGHT - TICK_GAP;
  const plotHeight = height - X_AXIS_HEIGHT;
  const ticks = niceTicks(Math.max(0, ...steps.map((step) => step.count)), 4, { integer: true });
  const x = linearScale([0, ticks.at(-1)!], [0, 1]);
  const tickTexts = ticks.map(String);
  const ticksFrom = labelsShownFrom(
    tickTexts.map((text) => textWidth(text)),
    (plotWidth) => plotWidth / Math.max(1, ticks.length - 1),
    MIN_TICK_GAP,
  );
  // Room after the plot for the longest "count (percent)" and for half the last tick's value, centred on the plot's end.
  const room = Math.ceil(Math.max(...texts.map((text) => textWidth(text) + 8), textWidth(tickTexts.at(-1)!) / 2 + 4));
  const bands = steps.map((_, index) => band(index, steps.length));
  return (
    <WithAxisTitles x={t`Customers`}>
      <div className="flex" style={{ height: FUNNEL_CHART_HEIGHT, paddingTop: TICK_GAP, paddingRight: room }}>
        {/* The step names in HTML, so a long one wraps onto two lines instead of running into the bars. */}
        <div className="flex w-24 shrink-0 flex-col pr-2 sm:w-32" style={{ height: plotHeight }}>
          {steps.map((step) => (
            <div
              key={step.key}
              className="flex flex-1 items-center justify-end text-right text-xs leading-tight text-slate-700"
            >
              {step.label}
            </div>
          ))}
        </div>
        <div className="@container min-w-0 flex-1">
          <svg data-testid="funnel-svg" width="100%" height={height} className="block overflow-visible">
            {ticks.map((tick) => (
              <line
                key={tick}
                x1={percent(x(tick))}
                x2={percent(x(tick))}
                y1={0}
                y2={plotHeight}
                stroke={GRID_COLOR}
                strokeDasharray="3 3"
              />
            ))}
            <g fill={FUNNEL_COLOR}>
              {steps.map((step, index) => (
                <rect
                  key={step.key}
                  data-series="funnel"
                  x="0"
                  width={percent(x(step.count))}
                  y={px(bands[index]!.start * plotHeight)}
                  height={px(bands[index]!.size * plotHeight)}
                >
                  <title>{`${step.label}: ${texts[index]}`}</title>
                </rect>
              ))}
            </g>
            <line x1="0.5" x2="0.5" y1={0} y2={plotHeight} stroke={AXIS_COLOR} />
            <line x1="0" x2="100%" y1={crisp(plotHeight)} y2={crisp(plotHeight)} stroke={AXIS_COLOR} />
            {steps.map((step, index) => (
              <text
                key={step.key}
                data-value-label=""
                x={percent(x(step.count))}
                dx={4}
                y={px(bands[index]!.center * plotHeight)}
                dy="0.32em"
                fontSize={CHART_FONT_SIZE}
                fill={TEXT_COLOR}
              >
                {texts[index]}
              </text>
            ))}
            {ticks.map((tick, index) => (
              <text
                key={tick}
                className={shownClass(ticksFrom[index]!)}
                x={percent(x(tick))}
                y={plotHeight + TICK_GAP}
                dy="0.71em"
                textAnchor="middle"
                fontSize={CHART_FONT_SIZE}
                fill={TEXT_COLOR}
              >
                {tickTexts[index]}
              </text>
            ))}
          </svg>
        </div>
      </div>
    </WithAxisTitles>
  );
}
