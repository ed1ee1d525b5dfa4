import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { data } from "react-router";
import { ListLoadError } from "~/components/list-load-error";
import { PageTitle } from "~/components/nav-shell";
import { CustomerListControls, CustomerPages } from "~/features/users/components/customer-list-controls";
import { CustomerTable } from "~/features/users/components/customer-table";
import { UserCounterCards } from "~/features/users/components/user-counter-cards";
import { customersCsvPath } from "~/features/users/customers-csv";
import { listErrorMessage, parseCustomerListQuery } from "~/features/users/customer-list-query";
import { listCustomers } from "~/features/users/list-customers.server";
import { listActiveMembers } from "~/features/team/list-active-members.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Users" }];

// The admin layout's middleware has already refused everyone but the team; listCustomers checks the actor again
// and gives a staff member only their own customers ('My customers', without the 'Assigned to' filter).
// A bad search, filter or page in the address is answered with the list and a message (400), never a failure.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, errors } = parseCustomerListQuery(new URL(request.url).searchParams);
  const { services, user: actor, i18n } = requestContext(context);
  const [list, assignees] = await Promise.all([
    listCustomers(services, actor, query),
    actor?.isAdmin ? listActiveMembers(services, actor) : null,
  ]);
  const mine = !actor?.isAdmin;
  return data(
    {
      ...list,
      assignees: assignees?.map(({ id, name }) => ({ id, name })) ?? null,
      mine,
      error: listErrorMessage(errors, i18n),
      title: mine ? i18n._(msg`My customers`) : i18n._(msg`Users`),
    },
    { status: errors.length ? 400 : 200 },
  );
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { counters, customers, query, total, pageCount, error, assignees, mine } = loaderData;
  const { t } = useLingui();
  return (
    <>
      {mine ? (
        <PageTitle title={t`My customers`} description={t`The customers assigned to you.`} />
      ) : (
        <PageTitle title={t`Users`} description={t`Every customer of the agency.`} />
      )}
      <UserCounterCards
        counters={counters}
        activity={query.activity}
        search={query.search}
        assigned={query.assigned}
        plan={query.plan}
      />
      <CustomerListControls
        query={query}
        total={total}
        error={error}
        assignees={assignees}
        exportHref={mine ? null : customersCsvPath(query)}
      />
      <CustomerTable
        customers={customers}
        filtered={Boolean(query.search || query.activity || query.assigned || query.plan)}
      />
      <CustomerPages query={query} pageCount={pageCount} />
    </>
  );
}

/** A users list that fails to load says 'Failed to load users' in place of the list, inside the admin frame, and asks for a reload. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLingui();
  return <ListLoadError error={error} title={t`Users`} failed={t`Failed to load users`} />;
}
