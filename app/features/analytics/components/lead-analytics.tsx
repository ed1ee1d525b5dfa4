import { useLingui } from "@lingui/react/macro";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { isIndustry } from "~/domain/industries";
import { LEAD_INDUSTRY_NAMES, type LeadIndustry } from "~/features/leads/leads";
import { OTHER_KEY, type WeeklyBreakdown } from "~/features/leads/lead-source";
import { dayLabel, formatPercent, type LeadFigures } from "../analytics-views";

const cell = "px-3 py-2 text-left";
const numberCell = "px-3 py-2 text-right tabular-nums";

const isLeadIndustry = (key: string): key is LeadIndustry => isIndustry(key) || key === "other";

/** One weekly table: a row per week, a column per key (the largest first), the period's totals at the foot. */
function WeeklyTable({
  id,
  caption,
  breakdown,
  keyName,
}: {
  id: string;
  caption: string;
  breakdown: WeeklyBreakdown;
  keyName: (key: string) => string;
}) {
  const { t, i18n } = useLingui();
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full text-sm" data-testid={id}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={cell}>{t`Week starting`}</th>
            {breakdown.keys.map((key) => (
              <th key={key} scope="col" className={numberCell}>
                {keyName(key)}
              </th>
            ))}
            <th scope="col" className={numberCell}>{t`Total`}</th>
          </tr>
        </thead>
        <tbody>
          {breakdown.weeks.map((week) => (
            <tr key={week.weekStart} className="border-t border-slate-100">
              <th scope="row" className={`${cell} font-normal whitespace-nowrap`}>
                {dayLabel(week.weekStart, true, i18n.locale)}
              </th>
              {breakdown.keys.map((key) => (
                <td key={key} className={numberCell}>
                  {week.counts[key] ?? 0}
                </td>
              ))}
              <td className={numberCell}>{week.total}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-300 font-semibold">
          <tr>
            <th scope="row" className={cell}>{t`Total`}</th>
            {breakdown.keys.map((key) => (
              <td key={key} className={numberCell}>
                {breakdown.totals[key] ?? 0}
              </td>
            ))}
            <td className={numberCell}>{breakdown.total}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The period's totals of one breakdown: a row per key (the largest first), its leads. */
function TotalsTable({
  id,
  caption,
  heading,
  breakdown,
  keyName,
}: {
  id: string;
  caption: string;
  heading: string;
  breakdown: WeeklyBreakdown;
  keyName: (key: string) => string;
}) {
  const { t } = useLingui();
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full text-sm" data-testid={id}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={cell}>
              {heading}
            </th>
            <th scope="col" className={numberCell}>{t`Leads`}</th>
          </tr>
        </thead>
        <tbody>
          {breakdown.keys.map((key) => (
            <tr key={key} className="border-t border-slate-100">
              <th scope="row" className={`${cell} font-normal`}>
                {keyName(key)}
              </th>
              <td className={numberCell}>{breakdown.totals[key] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The analytics page's leads: how many quote requests came in during the period and the share that became paying
 * customers, the period's totals by source and by industry, and the same per week in a disclosure (a year is 53
 * rows).
 */
export function LeadAnalytics({ leads }: { leads: LeadFigures }) {
  const { t, i18n } = useLingui();
  const { total, won } = leads;
  const share = formatPercent(leads.wonShare);
  const sourceName = (key: string) => (key === "" ? t`Direct` : key === OTHER_KEY ? t`Other sources` : key);
  const industryName = (key: string) =>
    key === OTHER_KEY ? t`Other trades` : isLeadIndustry(key) ? i18n._(LEAD_INDUSTRY_NAMES[key]) : key;
  return (
    <Card data-testid="analytics-leads">
      <CardHeader>
        <CardTitle>{t`Leads`}</CardTitle>
        <CardDescription>
          {t`Quote requests from the website that came in during the period. The source is the advert (utm_source), else the site the visitor came from, else Direct.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-slate-900" data-testid="leads-won-share">
          {total === 0
            ? t`No quote request came in during this period.`
            : t`${won} of ${total} leads became paying customers (${share}).`}
        </p>
        {total > 0 ? (
          <>
            <div className="grid gap-4 md:grid-cols-2">
              <TotalsTable
                id="leads-source-totals"
                caption={t`Leads by source`}
                heading={t`Source`}
                breakdown={leads.bySource}
                keyName={sourceName}
              />
              <TotalsTable
                id="leads-industry-totals"
                caption={t`Leads by industry`}
                heading={t`Industry`}
                breakdown={leads.byIndustry}
                keyName={industryName}
              />
            </div>
            <details className="rounded-md border border-slate-200">
              <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-blue-700">{t`Show the leads per week (weeks starting Monday)`}</summary>
              <div className="space-y-4 p-3">
                <h3 className="font-semibold text-slate-900">{t`Leads per week by source`}</h3>
                <WeeklyTable
                  id="leads-by-source"
                  caption={t`Leads per week by source`}
                  breakdown={leads.bySource}
                  keyName={sourceName}
                />
                <h3 className="font-semibold text-slate-900">{t`Leads per week by industry`}</h3>
                <WeeklyTable
                  id="leads-by-industry"
                  caption={t`Leads per week by industry`}
                  breakdown={leads.byIndustry}
                  keyName={industryName}
                />
              </div>
            </details>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
