import { useLingui } from "@lingui/react/macro";
import { Form, Link } from "react-router";
import { LocalDateTime } from "~/components/local-date-time";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Select } from "~/components/ui/input";
import { activityLabel, actorName, type ActivityPage } from "../activity-views";
import { customerPagePath } from "~/lib/http/paths";

const WHEN: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

function pageLink(filters: ActivityPage["filters"], page: number): string {
  const params = new URLSearchParams();
  if (filters.adminId) params.set("admin", filters.adminId);
  if (filters.customerId) params.set("customer", filters.customerId);
  if (filters.action) params.set("kind", filters.action);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** The activity log: filters (a GET form, so the URL keeps them), the events newest first, and the pages. */
export function ActivityLog({ log }: { log: ActivityPage }) {
  const { filters } = log;
  const { t, i18n } = useLingui();
  const label = (action: string) => activityLabel(action, (message) => i18n._(message));
  const { page, pageCount, total } = log;
  return (
    <div className="space-y-4">
      <Card className="p-4">
        <Form method="get" className="grid gap-3 sm:grid-cols-4 sm:items-end" aria-label={t`Filter activity`}>
          <div className="space-y-1.5">
            <label htmlFor="activity-admin" className="text-sm font-medium text-slate-800">
              {t`Admin`}
            </label>
            <Select id="activity-admin" name="admin" defaultValue={filters.adminId ?? ""}>
              <option value="">{t`All admins`}</option>
              {log.admins.map((admin) => (
                <option key={admin.id} value={admin.id}>
                  {admin.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor="activity-customer" className="text-sm font-medium text-slate-800">
              {t`Customer`}
            </label>
            <Select id="activity-customer" name="customer" defaultValue={filters.customerId ?? ""}>
              <option value="">{t`All customers`}</option>
              {log.customers.map((customer) => (
                <option key={customer.id} value={customer.id}>
                  {customer.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor="activity-kind" className="text-sm font-medium text-slate-800">
              {t`Kind`}
            </label>
            <Select id="activity-kind" name="kind" defaultValue={filters.action ?? ""}>
              <option value="">{t`All kinds`}</option>
              {log.actions.map((action) => (
                <option key={action} value={action}>
                  {label(action)}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit">{t`Apply filters`}</Button>
        </Form>
      </Card>

      {log.events.length === 0 ? (
        <Card className="p-6 text-slate-700">{t`No activity yet`}</Card>
      ) : (
        <ol className="space-y-2" aria-label={t`Activity`}>
          {log.events.map((event) => (
            <li key={event.id}>
              <Card
                className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between"
                data-testid="activity-event"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">
                    <span data-testid="activity-actor">{actorName(event, (message) => i18n._(message))}</span>
                    {" · "}
                    <span data-testid="activity-action">{label(event.action)}</span>
                    {event.customer ? (
                      <>
                        {" · "}
                        <Link
                          to={customerPagePath(event.customer.id)}
                          className="text-blue-700 underline"
                          data-testid="activity-customer"
                        >
                          {event.customer.name}
                        </Link>
                      </>
                    ) : null}
                  </p>
                  {event.summary ? <p className="text-sm break-words text-slate-600">{event.summary}</p> : null}
                </div>
                <LocalDateTime iso={event.createdAt} options={WHEN} className="shrink-0 text-sm text-slate-600" />
              </Card>
            </li>
          ))}
        </ol>
      )}

      <nav aria-label={t`Activity pages`} className="flex items-center justify-between gap-2">
        {log.page > 1 ? (
          <Button asChild variant="outline">
            <Link to={pageLink(filters, log.page - 1)}>{t`Previous`}</Link>
          </Button>
        ) : (
          <span />
        )}
        <p className="text-sm text-slate-600">{t`Page ${page} of ${pageCount} (${total} events)`}</p>
        {log.page < log.pageCount ? (
          <Button asChild variant="outline">
            <Link to={pageLink(filters, log.page + 1)}>{t`Next`}</Link>
          </Button>
        ) : (
          <span />
        )}
      </nav>
    </div>
  );
}
