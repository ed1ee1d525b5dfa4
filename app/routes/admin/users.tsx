import { isRouteErrorResponse } from "react-router";
import { PageTitle } from "~/components/nav-shell";
import { Card } from "~/components/ui/card";
import { CustomerTable } from "~/features/users/components/customer-table";
import { UserCounterCards } from "~/features/users/components/user-counter-cards";
import { listCustomers } from "~/features/users/list-customers.server";
import { services, sessionUser } from "~/lib/route-guards.server";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Users" }];

// The admin layout's middleware has already refused non-admins; listCustomers checks the actor again.
export async function loader({ context }: Route.LoaderArgs) {
  return listCustomers(services(context).database, sessionUser(context));
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle title="Users" description="Every customer of the agency." />
      <UserCounterCards counters={loaderData.counters} />
      <CustomerTable customers={loaderData.customers} />
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
