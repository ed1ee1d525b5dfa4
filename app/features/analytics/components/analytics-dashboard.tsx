import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { dayLabel, formatPercent, funnelSteps, monthLabel, type AnalyticsReport } from "../analytics-views";
import { FunnelChart, RevenueChart, SignUpsChart } from "./analytics-charts";
import { LeadAnalytics } from "./lead-analytics";
import { formatMoney } from "~/lib/i18n/format";

/** FUNNEL_STEPS' labels in the page's language. */
const STEP_LABELS = {
  signedUp: msg`Signed up`,
  paid: msg`Paid`,
  informationSent: msg`Information sent`,
  launched: msg`Launched`,
} as const;

const cell = "px-3 py-2 text-left";
const numberCell = "px-3 py-2 text-right tabular-nums";

/** One chart with its figures as a table: the chart is for the eye, the table (in a disclosure) for everyone. */
function ChartCard({
  id,
  title,
  description,
  chart,
  table,
}: {
  id: string;
  title: string;
  description: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Card data-testid={`analytics-${id}`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div aria-hidden="true" className="min-h-60" data-testid={`${id}-chart`}>
          {chart}
        </div>
        <details className="rounded-md border border-slate-200">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-blue-700">{t`Show the figures as a table`}</summary>
          <div className="overflow-x-auto">{table}</div>
        </details>
      </CardContent>
    </Card>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card className="p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </Card>
  );
}

/**
 * The care plans: monthly recurring revenue and the plans past due as they stand today, the plans that started and
 * ended in the period, and the months as a table.
 */
function PlanAnalytics({ plans }: { plans: AnalyticsReport["plans"] }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  return (
    <Card data-testid="analytics-plans">
      <CardHeader>
        <CardTitle id="plans-title">{t`Care plans`}</CardTitle>
        <CardDescription>
          {t`Monthly recurring revenue (the monthly prices of the plans active or past due) and the plans past due are as they stand today; new and ended plans are the period's, a plan counted once a charge was made on it.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <Stat
            label={t`Monthly recurring revenue`}
            value={formatMoney(plans.monthlyRecurringRevenue, locale)}
            testId="stat-mrr"
          />
          <Stat label={t`Plans past due`} value={String(plans.pastDue)} testId="stat-plans-past-due" />
          <Stat label={t`New plans`} value={String(plans.started)} testId="stat-plans-started" />
          <Stat label={t`Ended plans`} value={String(plans.ended)} testId="stat-plans-ended" />
        </dl>
        <details className="rounded-md border border-slate-200">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-blue-700">{t`Show the plans per month`}</summary>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t`New and ended care plans per month`}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className={cell}>{t`Month`}</th>
                  <th scope="col" className={numberCell}>{t`New plans`}</th>
                  <th scope="col" className={numberCell}>{t`Ended plans`}</th>
                </tr>
              </thead>
              <tbody>
                {plans.months.map((row) => (
                  <tr key={row.month} className="border-t border-slate-100" data-testid={`plans-${row.month}`}>
                    <th scope="row" className={`${cell} font-normal`}>
                      {monthLabel(row.month, locale)}
                    </th>
                    <td className={numberCell}>{row.started}</td>
                    <td className={numberCell}>{row.ended}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </CardContent>
    </Card>
  );
}

export function AnalyticsDashboard({ report }: { report: AnalyticsReport }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const usd = (amount: number) => formatMoney(amount, locale);
  const steps = funnelSteps(report.funnel).map((step) => ({ ...step, label: i18n._(STEP_LABELS[step.key]) }));
  const median = report.medianDaysToLaunch;
  const paid = report.funnel.paid;
  const paidShare = formatPercent(steps[1]!.fromPrevious);
  const [card, zelle, refunds] = [
    usd(report.revenueTotal.card),
    usd(report.revenueTotal.zelle),
    usd(report.revenueTotal.refunds),
  ];
  const launches = report.launchesInPeriod;
  const medianDays = median === null ? "" : t`${plural(median, { one: "# day", other: "# days" })}`;
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Stat label={t`Revenue collected`} value={usd(report.revenueTotal.total)} testId="stat-revenue" />
        <Stat label={t`Customers signed up`} value={String(report.funnel.signedUp)} testId="stat-sign-ups" />
        <Stat label={t`Paid (of those signed up)`} value={`${paid} (${paidShare})`} testId="stat-paid" />
        <Stat
          label={t`Median days from first payment to launch`}
          value={median === null ? t`No launches` : medianDays}
          testId="stat-median"
        />
      </dl>

      <ChartCard
        id="revenue"
        title={t`Revenue per month`}
        description={t`Completed payments less refunds, in US dollars, by method: card ${card}, Zelle ${zelle}. Refunds taken off: ${refunds}.`}
        chart={<RevenueChart revenue={report.revenue} />}
        table={
          <table className="w-full text-sm">
            <caption className="sr-only">{t`Revenue per month by payment method, in US dollars`}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={cell}>{t`Month`}</th>
                <th scope="col" className={numberCell}>{t`Card`}</th>
                <th scope="col" className={numberCell}>
                  Zelle
                </th>
                <th scope="col" className={numberCell}>{t`Refunds`}</th>
                <th scope="col" className={numberCell}>{t`Total`}</th>
              </tr>
            </thead>
            <tbody>
              {report.revenue.map((row) => (
                <tr key={row.month} className="border-t border-slate-100">
                  <th scope="row" className={`${cell} font-normal`}>
                    {monthLabel(row.month, locale)}
                  </th>
                  <td className={numberCell}>{usd(row.card)}</td>
                  <td className={numberCell}>{usd(row.zelle)}</td>
                  <td className={numberCell}>{row.refunds > 0 ? `-${usd(row.refunds)}` : usd(0)}</td>
                  <td className={numberCell}>{usd(row.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-slate-300 font-semibold">
              <tr>
                <th scope="row" className={cell}>{t`Total`}</th>
                <td className={numberCell}>{card}</td>
                <td className={numberCell}>{zelle}</td>
                <td className={numberCell} data-testid="total-refunds">
                  {report.revenueTotal.refunds > 0 ? `-${refunds}` : refunds}
                </td>
                <td className={numberCell}>{usd(report.revenueTotal.total)}</td>
              </tr>
            </tfoot>
          </table>
        }
      />

      <PlanAnalytics plans={report.plans} />

      <LeadAnalytics leads={report.leads} />

      <ChartCard
        id="sign-ups"
        title={t`Sign-ups per week`}
        description={t`New customer accounts (admins not counted), by week starting Monday.`}
        chart={<SignUpsChart signUps={report.signUps} />}
        table={
          <table className="w-full text-sm">
            <caption className="sr-only">{t`Customer sign-ups per week`}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={cell}>{t`Week starting`}</th>
                <th scope="col" className={numberCell}>{t`Sign-ups`}</th>
              </tr>
            </thead>
            <tbody>
              {report.signUps.map((row) => (
                <tr key={row.weekStart} className="border-t border-slate-100">
                  <th scope="row" className={`${cell} font-normal`}>
                    {dayLabel(row.weekStart, true, locale)}
                  </th>
                  <td className={numberCell}>{row.signUps}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />

      <ChartCard
        id="funnel"
        title={t`Customer funnel`}
        description={t`Customers who signed up in the period and how far they have come since, over all services: paid any service, sent its information, had a service launched (its last progress step done). The percentage is the conversion from the step before.`}
        chart={<FunnelChart steps={steps} />}
        table={
          <table className="w-full text-sm">
            <caption className="sr-only">{t`Customer funnel with the conversion at each step`}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={cell}>{t`Step`}</th>
                <th scope="col" className={numberCell}>{t`Customers`}</th>
                <th scope="col" className={numberCell}>{t`From the step before`}</th>
                <th scope="col" className={numberCell}>{t`From sign-up`}</th>
              </tr>
            </thead>
            <tbody>
              {steps.map((step) => (
                <tr key={step.key} className="border-t border-slate-100" data-testid={`funnel-${step.key}`}>
                  <th scope="row" className={`${cell} font-normal`}>
                    {step.label}
                  </th>
                  <td className={numberCell}>{step.count}</td>
                  <td className={numberCell}>{formatPercent(step.fromPrevious)}</td>
                  <td className={numberCell}>{formatPercent(step.fromStart)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />

      <Card>
        <CardHeader>
          <CardTitle>{t`Time to launch`}</CardTitle>
          <CardDescription>
            {t`Over the customers whose first service was launched in the period: days from their first completed payment to that launch.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-slate-900" data-testid="median-days">
            {median === null
              ? t`No service was launched in this period.`
              : t`Median: ${medianDays}, over ${plural(launches, { one: "# launch", other: "# launches" })}.`}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
