import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Download } from "lucide-react";
import { PageTitle } from "~/components/nav-shell";
import { Button } from "~/components/ui/button";
import { parseAnalyticsPeriod, periodErrorMessages } from "~/features/analytics/analytics-period";
import { AnalyticsDashboard } from "~/features/analytics/components/analytics-dashboard";
import { PeriodPicker } from "~/features/analytics/components/period-picker";
import { getAnalytics } from "~/features/analytics/get-analytics.server";
import { paymentsCsvPath } from "~/features/receipts/payments-csv";
import { requestContext } from "~/lib/http/request-context.server";
import { adminOnly } from "~/lib/auth/route-guards.server";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Analytics" }];

// Admins only: the layout lets staff in, this page's middleware sends them 403.
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

// The middleware has refused everyone but admins; the use case checks again. A period the URL cannot
// give is answered with its message beside the picker (and no figures), never with an error page.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, user, i18n } = requestContext(context);
  const title = i18n._(msg`Analytics`);
  const parsed = parseAnalyticsPeriod(new URL(request.url).searchParams);
  if (!parsed.ok) return { report: null, errors: periodErrorMessages(parsed.errors, i18n), input: parsed.input, title };
  const report = await getAnalytics(services, user, parsed.period);
  const { choice, from, to } = parsed.period;
  return { report, errors: null, input: { period: choice, from, to }, title };
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { report, errors, input } = loaderData;
  const { t } = useLingui();
  return (
    <>
      <PageTitle title={t`Analytics`} description={t`Revenue, sign-ups and delivery over a period.`} />
      <PeriodPicker input={input} errors={errors} />
      {report ? (
        <div className="-mt-3 mb-6 flex justify-end">
          {/* The period's payments, one row each, for the accounts: a download, so a plain link. */}
          <Button asChild variant="outline">
            <a href={paymentsCsvPath({ from: input.from, to: input.to })} download data-testid="export-payments-csv">
              <Download aria-hidden="true" />
              {t`Export CSV`}
            </a>
          </Button>
        </div>
      ) : null}
      {report ? <AnalyticsDashboard report={report} /> : null}
    </>
  );
}
