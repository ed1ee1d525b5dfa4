import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { BarChart3, Settings, Users } from "lucide-react";
import { Link } from "react-router";
import { PageTitle } from "~/components/nav-shell";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { decidePaymentAction } from "~/features/payments/decide-payment-action.server";
import { DECIDE_PAYMENT_INTENT } from "~/features/payments/payment-review";
import { WorkQueue } from "~/features/work-queue/components/work-queue";
import { getWorkQueue } from "~/features/work-queue/get-work-queue.server";
import { dispatchIntent } from "~/lib/http/intents.server";
import { requestContext } from "~/lib/http/request-context.server";
import { services, sessionUser } from "~/lib/auth/route-guards.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Admin Dashboard" }];

const cards = [
  { title: msg`User Management`, description: msg`Review customers, their payments and their projects.`, icon: Users, to: "/admin/users" },
  { title: msg`Analytics`, description: msg`Sign-ups, payments and delivery at a glance.`, icon: BarChart3, to: "/admin/analytics" },
  { title: msg`System Settings`, description: msg`Platform, notification and security preferences.`, icon: Settings, to: "/admin/settings" },
];

// The admin layout's middleware has already refused non-admins; the use case checks the actor again.
export async function loader({ context }: Route.LoaderArgs) {
  return {
    queue: await getWorkQueue(services(context).database, sessionUser(context)),
    title: requestContext(context).i18n._(msg`Admin Dashboard`),
  };
}

/** The forms this page's action takes (the matrix tries each). */
export const intents = [DECIDE_PAYMENT_INTENT] as const;

/** The work queue's decision form posts here, answered as on the customer's page. */
export async function action({ request, context }: Route.ActionArgs) {
  const { i18n, user } = requestContext(context);
  return dispatchIntent(request, i18n, intents, {
    [DECIDE_PAYMENT_INTENT]: (form) => decidePaymentAction(services(context), user, form, i18n),
  });
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  return (
    <>
      <PageTitle title={t`Admin Dashboard`} description={t`Welcome to the back office.`} />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map(({ title, description, icon: Icon, to }) => (
          <li key={to}>
            {/* The whole card is the link; its name is the card's title and text. */}
            <Link
              to={to}
              className="group block h-full rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
            >
              <Card className="h-full transition-colors group-hover:border-blue-300 group-hover:bg-blue-50/40">
                <CardHeader>
                  <Icon aria-hidden="true" className="mb-2 size-8 text-blue-700" />
                  <CardTitle>{i18n._(title)}</CardTitle>
                  <CardDescription>{i18n._(description)}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
      <WorkQueue queue={loaderData.queue} />
    </>
  );
}
