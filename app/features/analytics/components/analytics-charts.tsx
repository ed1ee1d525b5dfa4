import { useLingui } from "@lingui/react/macro";
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
const nonZero = (format: (value: number) => string) => (value: unknown) => (typeof value === "number" && value > 0 ? format(value) : "");

export function RevenueChart({ revenue }: { revenue: MonthlyRevenue[] }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const data = revenue.map((row) => ({ ...row, label: monthLabel(row.month, locale) }));
  return (
    <BarChart data={data} responsive style={chartStyle} accessibilityLayer={false} margin={{ top: 24, right: 8, bottom: 24, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={tick} label={{ value: t`Month (UTC)`, position: "insideBottom", offset: -16, fill: TEXT_COLOR }} />
      <YAxis tickFormatter={compactUsd(locale)} tick={tick} width={64} label={{ value: t`US dollars`, angle: -90, position: "insideLeft", fill: TEXT_COLOR }} />
      <Tooltip formatter={(value) => formatMoney(Number(value), locale)} />
      <Legend verticalAlign="top" height={28} />
      <Bar dataKey="card" name={t`Card`} stackId="revenue" fill={CARD_COLOR} isAnimationActive={false} />
      <Bar dataKey="zelle" name="Zelle" stackId="revenue" fill={ZELLE_COLOR} isAnimationActive={false}>
        <LabelList dataKey="total" position="top" fill={TEXT_COLOR} fontSize={12} formatter={nonZero(compactUsd(locale))} />
      </Bar>
    </BarChart>
  );
}

export function SignUpsChart({ signUps }: { signUps: WeeklySignUps[] }) {
  const { t, i18n } = useLingui();
  const data = signUps.map((row) => ({ ...row, label: dayLabel(row.weekStart, false, i18n.locale) }));
  return (
    <BarChart data={data} responsive style={chartStyle} accessibilityLayer={false} margin={{ top: 24, right: 8, bottom: 24, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={tick} label={{ value: t`Week starting (Monday, UTC)`, position: "insideBottom", offset: -16, fill: TEXT_COLOR }} />
      <YAxis allowDecimals={false} tick={tick} width={48} label={{ value: t`Customers`, angle: -90, position: "insideLeft", fill: TEXT_COLOR }} />
      <Tooltip />
      <Bar dataKey="signUps" name={t`Sign-ups`} fill={SIGN_UP_COLOR} isAnimationActive={false}>
        <LabelList dataKey="signUps" position="top" fill={TEXT_COLOR} fontSize={12} formatter={nonZero(String)} />
      </Bar>
    </BarChart>
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
    <BarChart data={data} layout="vertical" responsive style={{ width: "100%", height: 240 }} accessibilityLayer={false} margin={{ top: 8, right: 96, bottom: 24, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" allowDecimals={false} tick={tick} label={{ value: t`Customers`, position: "insideBottom", offset: -16, fill: TEXT_COLOR }} />
      <YAxis type="category" dataKey="label" tick={tick} width={120} />
      <Tooltip />
      <Bar dataKey="count" name={t`Customers`} fill={FUNNEL_COLOR} isAnimationActive={false}>
        <LabelList dataKey="text" position="right" fill={TEXT_COLOR} fontSize={12} />
      </Bar>
    </BarChart>
  );
}
