import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { data } from "react-router";
import { ListLoadError } from "~/components/list-load-error";
import { PageTitle } from "~/components/nav-shell";
import { LeadListControls, LeadsTable } from "~/features/leads/components/leads-list";
import { leadListErrorMessage, leadListHref, leadsCsvHref, parseLeadListQuery } from "~/features/leads/lead-list-query";
import { listLeads } from "~/features/leads/list-leads.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/leads";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Leads" }];

// The admin layout's middleware has already refused everyone but the team; listLeads checks the actor again and
// gives a staff member only the leads assigned to them. A bad search, stage or page is answered with the list and a
// message (400), never a failure.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, errors } = parseLeadListQuery(new URL(request.url).searchParams);
  const { services, user: actor, i18n } = requestContext(context);
  const list = await listLeads(services, actor, query);
  const mine = !actor?.isAdmin;
  return data(
    {
      ...list,
      query,
      mine,
      now: new Date().toISOString(),
      error: leadListErrorMessage(errors, i18n),
      title: mine ? i18n._(msg`My leads`) : i18n._(msg`Leads`),
    },
    { status: errors.length ? 400 : 200 },
  );
}

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { leads, stages, query, pageCount, error, mine, now } = loaderData;
  const { t } = useLingui();
  return (
    <>
      {mine ? (
        <PageTitle title={t`My leads`} description={t`The enquiries assigned to you.`} />
      ) : (
        <PageTitle title={t`Leads`} description={t`Every enquiry from the website's quote form.`} />
      )}
      <LeadListControls query={query} stages={stages} error={error} exportHref={mine ? null : leadsCsvHref(query)} />
      <LeadsTable leads={leads} filtered={Boolean(query.search || query.stage)} now={now} />
      {pageCount > 1 ? (
        <nav aria-label={t`Pages`} className="mt-4 flex justify-between text-sm">
          {query.page > 1 ? <a href={leadListHref(query, query.page - 1)}>{t`Previous page`}</a> : <span />}
          {query.page < pageCount ? <a href={leadListHref(query, query.page + 1)}>{t`Next page`}</a> : null}
        </nav>
      ) : null}
    </>
  );
}

/** A list that fails to load says so in place of the list, inside the admin frame, and asks for a reload. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLingui();
  return <ListLoadError error={error} title={t`Leads`} failed={t`Failed to load leads`} />;
}
