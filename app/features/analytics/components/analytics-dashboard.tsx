import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { dayLabel, formatPercent, formatUsd, funnelSteps, monthLabel, type AnalyticsReport } from "../analytics-views";
import { FunnelChart, RevenueChart, SignUpsChart } from "./analytics-charts";

const cell = "px-3 py-2 text-left";
const numberCell = "px-3 py-2 text-right tabular-nums";

/** One chart with its figures as a table: the chart is for the eye, the table (in a disclosure) for everyone. */
function ChartCard({ id, title, description, chart, table }: { id: string; title: string; description: string; chart: ReactNode; table: ReactNode }) {
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
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-blue-700">Show the figures as a table</summary>
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

export function AnalyticsDashboard({ report }: { report: AnalyticsReport }) {
  const steps = funnelSteps(report.funnel);
  const median = report.medianDaysToLaunch;
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Stat label="Revenue collected" value={formatUsd(report.revenueTotal.total)} testId="stat-revenue" />
        <Stat label="Customers signed up" value={String(report.funnel.signedUp)} testId="stat-sign-ups" />
        <Stat label="Paid (of those signed up)" value={`${report.funnel.paid} (${formatPercent(steps[1]!.fromPrevious)})`} testId="stat-paid" />
        <Stat
          label="Median days from first payment to launch"
          value={median === null ? "No launches" : `${median} ${median === 1 ? "day" : "days"}`}
          testId="stat-median"
        />
      </dl>

      <ChartCard
        id="revenue"
        title="Revenue per month"
        description={`Completed payments in US dollars, by method: card ${formatUsd(report.revenueTotal.card)}, Zelle ${formatUsd(report.revenueTotal.zelle)}.`}
        chart={<RevenueChart revenue={report.revenue} />}
        table={
          <table className="w-full text-sm">
            <caption className="sr-only">Revenue per month by payment method, in US dollars</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={cell}>Month</th>
                <th scope="col" className={numberCell}>Card</th>
                <th scope="col" className={numberCell}>Zelle</th>
                <th scope="col" className={numberCell}>Total</th>
              </tr>
            </thead>
            <tbody>
              {report.revenue.map((row) => (
                <tr key={row.month} className="border-t border-slate-100">
                  <th scope="row" className={`${cell} font-normal`}>{monthLabel(row.month)}</th>
                  <td className={numberCell}>{formatUsd(row.card)}</td>
                  <td className={numberCell}>{formatUsd(row.zelle)}</td>
                  <td className={numberCell}>{formatUsd(row.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-slate-300 font-semibold">
              <tr>
                <th scope="row" className={cell}>Total</th>
                <td className={numberCell}>{formatUsd(report.revenueTotal.card)}</td>
                <td className={numberCell}>{formatUsd(report.revenueTotal.zelle)}</td>
                <td className={numberCell}>{formatUsd(report.revenueTotal.total)}</td>
              </tr>
            </tfoot>
          </table>
        }
      />

      <ChartCard
        id="sign-ups"
        title="Sign-ups per week"
        description="New customer accounts (admins not counted), by week starting Monday."
        chart={<SignUpsChart signUps={report.signUps} />}
        table={
          <table className="w-full text-sm">
            <caption className="sr-only">Customer sign-ups per week</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={cell}>Week starting</th>
                <th scope="col" className={numberCell}>Sign-ups</th>
              </tr>
            </thead>
            <tbody>
              {report.signUps.map((row) => (
                <tr key={row.weekStart} className="border-t border-slate-100">
                  <th scope="row" className={`${cell} font-normal`}>{dayLabel(row.weekStart, true)}</th>
                  <td className={numberCell}>{row.signUps}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />

      <ChartCard
        id="funnel"
        title="Customer funnel"
        description="Customers who signed up in the period and how far they have come since, over all services: paid any service, sent its information, had a service launched (its last progress step done). The percentage is the conversion from the step before."
        chart={<FunnelChart steps={steps} />}
        table={
          <table className="w-full text-sm">
            <caption className="sr-only">Customer funnel with the conversion at each step</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={cell}>Step</th>
                <th scope="col" className={numberCell}>Customers</th>
                <th scope="col" className={numberCell}>From the step before</th>
                <th scope="col" className={numberCell}>From sign-up</th>
              </tr>
            </thead>
            <tbody>
              {steps.map((step) => (
                <tr key={step.key} className="border-t border-slate-100" data-testid={`funnel-${step.key}`}>
                  <th scope="row" className={`${cell} font-normal`}>{step.label}</th>
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
          <CardTitle>Time to launch</CardTitle>
          <CardDescription>
            Over the customers whose first service was launched in the period: days from their first completed payment to that launch.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-slate-900" data-testid="median-days">
            {median === null
              ? "No service was launched in this period."
              : `Median: ${median} ${median === 1 ? "day" : "days"}, over ${report.launchesInPeriod} ${report.launchesInPeriod === 1 ? "launch" : "launches"}.`}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
