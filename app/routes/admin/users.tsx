import { data, isRouteErrorResponse } from "react-router";
import { PageTitle } from "~/components/nav-shell";
import { Card } from "~/components/ui/card";
import { CustomerListControls, CustomerPages } from "~/features/users/components/customer-list-controls";
import { CustomerTable } from "~/features/users/components/customer-table";
import { UserCounterCards } from "~/features/users/components/user-counter-cards";
import { parseCustomerListQuery } from "~/features/users/customer-list-query";
import { listCustomers } from "~/features/users/list-customers.server";
import { services, sessionUser } from "~/lib/route-guards.server";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Users" }];

// The admin layout's middleware has already refused non-admins; listCustomers checks the actor again.
// A bad search, filter or page in the address is answered with the list and a message (400), never a failure.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, error } = parseCustomerListQuery(new URL(request.url).searchParams);
  const list = await listCustomers(services(context).database, sessionUser(context), query);
  return data({ ...list, error }, { status: error ? 400 : 200 });
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { counters, customers, query, total, pageCount, error } = loaderData;
  return (
    <>
      <PageTitle title="Users" description="Every customer of the agency." />
      <UserCounterCards counters={counters} activity={query.activity} search={query.search} />
      <CustomerListControls query={query} total={total} error={error} />
      <CustomerTable customers={customers} filtered={Boolean(query.search || query.activity)} />
      <CustomerPages query={query} pageCount={pageCount} />
    </>
  );
}

/** The original shows a 'Failed to load users' toast; a server-rendered page says it in place, inside the admin frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  console.error(error);
  return (
    <>
      <PageTitle title="Users" />
      <Card role="alert" className="p-6">
        <p className="font-semibold text-red-700">Failed to load users</p>
        <p className="mt-1 text-sm text-slate-600">
          {isRouteErrorResponse(error) ? `Error ${error.status}. ` : ""}Please reload the page to try again.
        </p>
      </Card>
    </>
  );
}
