import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, LabelList, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { intlLocale } from "~/lib/i18n/translate";
import { dayLabel, formatPercent, monthLabel, type FunnelStep, type MonthlyRevenue, type WeeklySignUps } from "../analytics-views";
import { formatMoney } from "~/lib/i18n/format";

/*
 * The charts, drawn with recharts. Only the analytics route imports this module, so recharts stays out of every other
 * route's JavaScript. Each chart is a picture for sighted readers (aria-hidden, not in the tab order); the same figures
 * are in the table that follows it, which screen readers read.
 */

const CARD_COLOR = "#1d4ed8";
const ZELLE_COLOR = "#6d28d9";
const SIGN_UP_COLOR = "#0f766e";
const FUNNEL_COLOR = "#1e40af";
const TEXT_COLOR = "#334155";
const chartStyle = { width: "100%", height: 300 } as const;
const tick = { fill: TEXT_COLOR, fontSize: 12 };

/** '$1.5k' in English; Intl's compact notation in the page's language (Spanish: '1,5 mil US$'). */
const compactUsd = (locale: string) => (value: number) =>
  locale === "en"
    ? value >= 1000
      ? `$${(value / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 })}k`
      : `$${value.toLocaleString("en-US")}`
    : value.toLocaleString(intlLocale(locale), { style: "currency", currency: "USD", notation: "compact", maximumFractionDigits: 1 });
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

const nonZero = (format: (value: number) => string) => (value: unknown) => (typeof value === "number" && value > 0 ? format(value) : "");

export function RevenueChart({ revenue }: { revenue: MonthlyRevenue[] }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const data = revenue.map((row) => ({ ...row, label: monthLabel(row.month, locale) }));
  return (
    <WithAxisTitles y={t`US dollars`} x={t`Month (UTC)`}>
      <BarChart data={data} responsive style={chartStyle} accessibilityLayer={false} margin={{ top: 24, right: 8, bottom: 4, left: 0 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={tick} minTickGap={16} />
      <YAxis tickFormatter={compactUsd(locale)} tick={tick} width={64} />
      <Tooltip formatter={(value) => formatMoney(Number(value), locale)} />
      <Legend verticalAlign="top" height={28} />
      <Bar dataKey="card" name={t`Card`} stackId="revenue" fill={CARD_COLOR} isAnimationActive={false} />
      <Bar dataKey="zelle" name="Zelle" stackId="revenue" fill={ZELLE_COLOR} isAnimationActive={false}>
        <LabelList dataKey="total" position="top" fill={TEXT_COLOR} fontSize={12} formatter={nonZero(compactUsd(locale))} />
      </Bar>
      </BarChart>
    </WithAxisTitles>
  );
}

export function SignUpsChart({ signUps }: { signUps: WeeklySignUps[] }) {
  const { t, i18n } = useLingui();
  const data = signUps.map((row) => ({ ...row, label: dayLabel(row.weekStart, false, i18n.locale) }));
  return (
    <WithAxisTitles y={t`Customers`} x={t`Week starting (Monday, UTC)`}>
      <BarChart data={data} responsive style={chartStyle} accessibilityLayer={false} margin={{ top: 24, right: 8, bottom: 4, left: 0 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={tick} minTickGap={16} />
      <YAxis allowDecimals={false} tick={tick} width={40} />
      <Tooltip />
      <Bar dataKey="signUps" name={t`Sign-ups`} fill={SIGN_UP_COLOR} isAnimationActive={false}>
        <LabelList dataKey="signUps" position="top" fill={TEXT_COLOR} fontSize={12} formatter={nonZero(String)} />
      </Bar>
      </BarChart>
    </WithAxisTitles>
  );
}

export function FunnelChart({ steps }: { steps: FunnelStep[] }) {
  const { t } = useLingui();
  const data = steps.map((step) => ({
    label: step.label,
    count: step.count,
    text: step.fromPrevious === null ? String(step.count) : `${step.count} (${formatPercent(step.fromPrevious)})`,
  }));
  return (
    <WithAxisTitles x={t`Customers`}>
      <BarChart data={data} layout="vertical" responsive style={{ width: "100%", height: 240 }} accessibilityLayer={false} margin={{ top: 8, right: 96, bottom: 4, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" allowDecimals={false} tick={tick} minTickGap={16} />
      <YAxis type="category" dataKey="label" tick={tick} width={120} />
      <Tooltip />
      <Bar dataKey="count" name={t`Customers`} fill={FUNNEL_COLOR} isAnimationActive={false}>
        <LabelList dataKey="text" position="right" fill={TEXT_COLOR} fontSize={12} />
      </Bar>
      </BarChart>
    </WithAxisTitles>
  );
}
