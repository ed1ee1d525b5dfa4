import { useLingui } from "@lingui/react/macro";
import { Form, Link } from "react-router";
import { EmailText } from "~/components/email-text";
import { LocalDateTime } from "~/components/local-date-time";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { StackedTableHead } from "~/components/ui/stacked-table-head";
import { leadListHref, type LeadListQuery } from "../lead-list-query";
import type { ListedLead } from "../lead-views";
import { LEAD_INDUSTRY_NAMES, LEAD_STAGE_NAMES, LEAD_STAGES, type LeadStage } from "../leads";
import { leadPagePath } from "~/lib/http/paths";
import { LeadAge } from "./lead-age";

const RECEIVED: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };

/** The stage filters (All, then each stage with how many leads it holds over the search) and the search box. */
export function LeadListControls({
  query,
  stages,
  error,
  exportHref,
}: {
  query: LeadListQuery;
  stages: Record<LeadStage, number>;
  error: string | null;
  exportHref: string | null;
}) {
  const { t, i18n } = useLingui();
  const all = Object.values(stages).reduce((sum, n) => sum + n, 0);
  const filters: { stage: LeadStage | null; label: string; count: number }[] = [
    { stage: null, label: t`All`, count: all },
    ...LEAD_STAGES.map((stage) => ({ stage, label: i18n._(LEAD_STAGE_NAMES[stage]), count: stages[stage] })),
  ];
  return (
    <div className="mb-4 space-y-3">
      <nav aria-label={t`Stages`} className="flex flex-wrap gap-2">
        {filters.map(({ stage, label, count }) => {
          const current = query.stage === stage;
          return (
            <Link
              key={stage ?? "all"}
              to={leadListHref({ search: query.search, stage })}
              aria-current={current ? "page" : undefined}
              className={`rounded-full border px-3 py-1 text-sm font-medium focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none ${
                current ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white text-slate-800"
              }`}
            >
              {label} <span className="tabular-nums">({count})</span>
            </Link>
          );
        })}
      </nav>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Form method="get" role="search" className="flex flex-1 flex-col gap-1.5 sm:flex-row sm:items-end sm:gap-2">
          {query.stage ? <input type="hidden" name="stage" value={query.stage} /> : null}
          <div className="flex-1 space-y-1.5">
            <Label htmlFor="lead-search">{t`Search leads`}</Label>
            <Input
              id="lead-search"
              name="q"
              type="search"
              defaultValue={query.search}
              placeholder={t`Name, business, e-mail or phone`}
            />
          </div>
          <Button type="submit" variant="outline">{t`Search`}</Button>
        </Form>
        {exportHref ? (
          <Button asChild variant="outline">
            <a href={exportHref} download>{t`Export CSV`}</a>
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The leads, newest first: who, their business and how to reach them, the trade, the stage, and how long a New lead
 * has waited. The name links to the lead's page; below the md width each row is a card.
 */
export function LeadsTable({ leads, filtered, now }: { leads: ListedLead[]; filtered: boolean; now: string }) {
  const { t, i18n } = useLingui();
  if (leads.length === 0) {
    return (
      <Card className="p-6 text-center text-slate-600">
        <p>{filtered ? t`No leads match this search or stage` : t`No leads yet`}</p>
      </Card>
    );
  }
  const headings = {
    name: t`Name`,
    contact: t`Contact`,
    industry: t`Industry`,
    stage: t`Stage`,
    age: t`Waiting`,
    received: t`Received`,
  };
  const cell =
    "flex gap-3 px-4 py-1 before:w-28 before:shrink-0 before:font-medium before:text-slate-600 before:content-[attr(data-label)] md:table-cell md:py-3 md:before:content-none";
  return (
    <Card className="md:overflow-x-auto">
      <table className="block w-full text-left text-sm md:table">
        <caption className="sr-only">{t`Leads, newest first`}</caption>
        <StackedTableHead headings={Object.values(headings)} />
        <tbody className="block md:table-row-group">
          {leads.map((lead) => (
            <tr
              key={lead.id}
              data-testid="lead-row"
              data-stage={lead.stage}
              className="block border-b border-slate-100 py-2 last:border-0 md:table-row md:py-0"
            >
              <td className="block px-4 py-2 md:table-cell md:py-3">
                <Link to={leadPagePath(lead.id)} className="font-medium text-slate-900 hover:underline">
                  {lead.name}
                </Link>
                {lead.businessName ? <p className="text-slate-600">{lead.businessName}</p> : null}
              </td>
              <td data-label={headings.contact} className={`${cell} min-w-0 text-slate-700`}>
                <div>
                  {lead.email ? <EmailText email={lead.email} /> : null}
                  {lead.phone ? <p className="whitespace-nowrap">{lead.phone}</p> : null}
                </div>
              </td>
              <td data-label={headings.industry} className={`${cell} text-slate-700`}>
                {i18n._(LEAD_INDUSTRY_NAMES[lead.industry] ?? LEAD_INDUSTRY_NAMES.other)}
              </td>
              <td data-label={headings.stage} className={`${cell} text-slate-700`}>
                {i18n._(LEAD_STAGE_NAMES[lead.stage])}
              </td>
              <td data-label={headings.age} className={`${cell} text-slate-700`}>
                {lead.stage === "new" ? <LeadAge since={lead.createdAt} now={now} /> : "—"}
              </td>
              <td data-label={headings.received} className={`${cell} whitespace-nowrap text-slate-700`}>
                <LocalDateTime iso={lead.createdAt} options={RECEIVED} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
