import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { CUSTOMERS_PER_PAGE, customerListHref, pageWindow, SEARCH_MAX_LENGTH, type CustomerListQuery } from "../customer-list-query";

const STATE_LABEL = { active: "Active", inactive: "Inactive", in_progress: "In Progress" } as const;

/**
 * The search box (a GET form, so the address keeps the search and a reload or a shared link shows the same
 * list), what is shown, and a bad address's message.
 */
export function CustomerListControls({ query, total, error }: { query: CustomerListQuery; total: number; error: string | null }) {
  const first = total === 0 ? 0 : (query.page - 1) * CUSTOMERS_PER_PAGE + 1;
  const last = Math.min(total, query.page * CUSTOMERS_PER_PAGE);
  return (
    <div className="mb-4 space-y-3">
      {error ? (
        <Card role="alert" className="border-red-200 bg-red-50 p-4 text-sm text-red-800" data-testid="customer-list-error">
          {error}
        </Card>
      ) : null}
      <Form method="get" role="search" aria-label="Search customers" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        {query.activity ? <input type="hidden" name="status" value={query.activity} /> : null}
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor="customer-search" className="text-sm font-medium text-slate-800">
            Search by name, email, company or phone
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
        <div className="flex gap-2">
          <Button type="submit">
            <Search aria-hidden="true" className="size-4" />
            Search
          </Button>
          {query.search ? (
            <Button asChild variant="outline">
              <Link to={customerListHref({ ...query, search: "", page: 1 })}>Clear search</Link>
            </Button>
          ) : null}
        </div>
      </Form>
      <p className="text-sm text-slate-600" aria-live="polite" data-testid="customer-list-summary">
        {total === 0 ? "No customers" : `Showing ${first}–${last} of ${total} customers`}
        {query.activity ? ` · ${STATE_LABEL[query.activity]}` : ""}
        {query.search ? ` · matching “${query.search}”` : ""}
      </p>
    </div>
  );
}

/** Previous, a few page numbers around the current one (first and last always), Next. */
export function CustomerPages({ query, pageCount }: { query: CustomerListQuery; pageCount: number }) {
  if (pageCount <= 1) return null;
  const linkClass =
    "inline-flex h-9 min-w-9 items-center justify-center rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none";
  return (
    <nav aria-label="Customer pages" className="mt-4 flex flex-wrap items-center justify-center gap-1.5">
      {query.page > 1 ? (
        <Link to={customerListHref({ ...query, page: query.page - 1 })} className={linkClass} rel="prev">
          Previous
        </Link>
      ) : null}
      {pageWindow(query.page, pageCount).map((page, i) =>
        page === null ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : page === query.page ? (
          <span key={page} aria-current="page" className={`${linkClass} border-blue-600 bg-blue-600 text-white hover:bg-blue-600`}>
            <span className="sr-only">Page </span>
            {page}
          </span>
        ) : (
          <Link key={page} to={customerListHref({ ...query, page })} className={linkClass} aria-label={`Page ${page}`}>
            {page}
          </Link>
        ),
      )}
      {query.page < pageCount ? (
        <Link to={customerListHref({ ...query, page: query.page + 1 })} className={linkClass} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
