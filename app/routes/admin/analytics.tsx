import { PageTitle } from "~/components/nav-shell";
import { parseAnalyticsPeriod } from "~/features/analytics/analytics-period";
import { AnalyticsDashboard } from "~/features/analytics/components/analytics-dashboard";
import { PeriodPicker } from "~/features/analytics/components/period-picker";
import { getAnalytics } from "~/features/analytics/get-analytics.server";
import { services, sessionUser } from "~/lib/route-guards.server";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = () => [{ title: "Analytics" }];

// The admin layout's middleware has refused non-admins already; the use case checks again. A period the URL cannot
// give is answered with its message beside the picker (and no figures), never with an error page.
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseAnalyticsPeriod(new URL(request.url).searchParams);
  if (!parsed.ok) return { report: null, errors: parsed.errors, input: parsed.input };
  const report = await getAnalytics({ db: services(context).database.db }, sessionUser(context), parsed.period);
  const { choice, from, to } = parsed.period;
  return { report, errors: null, input: { period: choice, from, to } };
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { report, errors, input } = loaderData;
  return (
    <>
      <PageTitle title="Analytics" description="Revenue, sign-ups and delivery over a period." />
      <PeriodPicker input={input} errors={errors} />
      {report ? <AnalyticsDashboard report={report} /> : null}
    </>
  );
}
