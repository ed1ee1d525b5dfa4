import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Download, Search } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import type { AssigneeView } from "../assignment-views";
import {
  CUSTOMER_PLAN_FILTERS,
  CUSTOMERS_PER_PAGE,
  customerListHref,
  pageWindow,
  SEARCH_MAX_LENGTH,
  UNASSIGNED,
  type CustomerListQuery,
  type CustomerPlanFilter,
} from "../customer-list-query";

const STATE_LABEL = { active: msg`Active`, inactive: msg`Inactive`, in_progress: msg`In Progress` } as const;

/** The 'Care plan' filter's choices, as the select and the list's summary name them. */
const PLAN_FILTER_LABEL: Record<CustomerPlanFilter, MessageDescriptor> = {
  on_plan: msg`On a plan`,
  past_due: msg`Plan past due`,
};

/** The filters whose first choice ('Anyone', 'Any') is no filter: the address leaves them out. */
const OPTIONAL_FILTERS = ["assigned", "plan"] as const;

const SELECT =
  "flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none sm:text-sm";

/**
 * The search box, the 'Care plan' filter and, for admins, the 'Assigned to' filter (a GET form, so the address keeps
 * them and a reload or a shared link shows the same list), what is shown, and a bad address's message. The filters
 * are applied with the form's button rather than on change, so moving through their choices with the keyboard does
 * not reload the list.
 */
export function CustomerListControls({
  query,
  total,
  error,
  assignees = null,
  exportHref = null,
}: {
  query: CustomerListQuery;
  total: number;
  error: string | null;
  /** The 'Assigned to' filter's members; null: no filter (a staff member's list is their own customers). */
  assignees?: AssigneeView[] | null;
  /** The 'Export CSV' download of the list as filtered (admins only); null: no export. */
  exportHref?: string | null;
}) {
  const first = total === 0 ? 0 : (query.page - 1) * CUSTOMERS_PER_PAGE + 1;
  const last = Math.min(total, query.page * CUSTOMERS_PER_PAGE);
  const { t, i18n } = useLingui();
  const submit = useSubmit();
  // Plain counts (the tests read them back as numbers); es-US groups digits as en-US does anyway.
  const [from, to, all] = [first, last, total];
  const search = query.search;
  const assignee = assignees?.find((member) => member.id === query.assigned)?.name;
  const assigneeShown = query.assigned === UNASSIGNED ? t`Unassigned` : assignee ? t`Assigned to ${assignee}` : "";
  return (
    <div className="mb-4 space-y-3">
      {error ? (
        <Card
          role="alert"
          className="border-red-200 bg-red-50 p-4 text-sm text-red-800"
          data-testid="customer-list-error"
        >
          {error}
        </Card>
      ) : null}
      <Form
        method="get"
        role="search"
        aria-label={t`Search customers`}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          // 'Anyone' and 'Any' are no filter: the address stays as the page's own links write it (no empty
          // `assigned=` or `plan=`).
          const data = new FormData(event.currentTarget);
          const empty = OPTIONAL_FILTERS.filter((name) => data.get(name) === "");
          if (empty.length === 0) return;
          event.preventDefault();
          for (const name of empty) data.delete(name);
          void submit(data, { method: "get" });
        }}
      >
        {query.activity ? <input type="hidden" name="status" value={query.activity} /> : null}
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor="customer-search" className="text-sm font-medium text-slate-800">
            {t`Search by name, email, company or phone`}
          </label>
          <Input
            id="customer-search"
            type="search"
            name="q"
            defaultValue={query.search}
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            key={query.search}
          />
        </div>
        {assignees ? (
          <div className="space-y-1.5 sm:w-56">
            <label htmlFor="customer-assignee" className="text-sm font-medium text-slate-800">
              {t`Assigned to`}
            </label>
            <select
              id="customer-assignee"
              name="assigned"
              defaultValue={query.assigned ?? ""}
              key={query.assigned ?? ""}
              className={SELECT}
            >
              <option value="">{t`Anyone`}</option>
              <option value={UNASSIGNED}>{t`Unassigned`}</option>
              {assignees.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="space-y-1.5 sm:w-44">
          <label htmlFor="customer-plan" className="text-sm font-medium text-slate-800">
            {t`Care plan`}
          </label>
          <select
            id="customer-plan"
            name="plan"
            defaultValue={query.plan ?? ""}
            key={query.plan ?? ""}
            className={SELECT}
          >
            <option value="">{t({ message: "Any", context: "care plan filter" })}</option>
            {CUSTOMER_PLAN_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {i18n._(PLAN_FILTER_LABEL[filter])}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <Button type="submit">
            <Search aria-hidden="true" className="size-4" />
            {t`Search`}
          </Button>
          {query.search ? (
            <Button asChild variant="outline">
              <Link to={customerListHref({ ...query, search: "", page: 1 })}>{t`Clear search`}</Link>
            </Button>
          ) : null}
        </div>
      </Form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600" aria-live="polite" data-testid="customer-list-summary">
          {total === 0 ? t`No customers` : t`Showing ${from}–${to} of ${all} customers`}
          {query.activity ? ` · ${i18n._(STATE_LABEL[query.activity])}` : ""}
          {assigneeShown ? ` · ${assigneeShown}` : ""}
          {query.plan ? ` · ${i18n._(PLAN_FILTER_LABEL[query.plan])}` : ""}
          {search ? ` · ${t`matching “${search}”`}` : ""}
        </p>
        {exportHref ? (
          // Every page of the list as it is searched and filtered: a download, so a plain link.
          <Button asChild variant="outline" size="sm">
            <a href={exportHref} download data-testid="export-customers-csv">
              <Download aria-hidden="true" />
              {t`Export CSV`}
            </a>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Previous, a few page numbers around the current one (first and last always), Next. */
export function CustomerPages({ query, pageCount }: { query: CustomerListQuery; pageCount: number }) {
  const { t } = useLingui();
  if (pageCount <= 1) return null;
  const linkClass =
    "inline-flex h-9 min-w-9 items-center justify-center rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none";
  return (
    <nav aria-label={t`Customer pages`} className="mt-4 flex flex-wrap items-center justify-center gap-1.5">
      {query.page > 1 ? (
        <Link to={customerListHref({ ...query, page: query.page - 1 })} className={linkClass} rel="prev">
          {t`Previous`}
        </Link>
      ) : null}
      {pageWindow(query.page, pageCount).map((page, i) =>
        page === null ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : page === query.page ? (
          <span
            key={page}
            aria-current="page"
            className={`${linkClass} border-blue-600 bg-blue-600 text-white hover:bg-blue-600`}
          >
            <span className="sr-only">{t`Page`} </span>
            {page}
          </span>
        ) : (
          <Link key={page} to={customerListHref({ ...query, page })} className={linkClass} aria-label={t`Page ${page}`}>
            {page}
          </Link>
        ),
      )}
      {query.page < pageCount ? (
        <Link to={customerListHref({ ...query, page: query.page + 1 })} className={linkClass} rel="next">
          {t`Next`}
        </Link>
      ) : null}
    </nav>
  );
}
