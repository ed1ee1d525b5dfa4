import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { DollarSign, Hourglass, Megaphone, Wrench, type LucideIcon } from "lucide-react";
import { href, Link } from "react-router";
import { PageTitle } from "~/components/nav-shell";
import { Card } from "~/components/ui/card";
import { APPROVE_DELETION_INTENT, DECLINE_DELETION_INTENT } from "~/features/account-deletion/account-deletion";
import { approveDeletionForm, declineDeletionForm } from "~/features/account-deletion/deletion-decision.forms.server";
import { getDashboardFigures } from "~/features/analytics/get-dashboard-figures.server";
import { decidePaymentForm } from "~/features/payments/review/decide-payment.form.server";
import { DECIDE_PAYMENT_INTENT } from "~/features/payments/review/payment-review";
import { WorkQueue } from "~/features/work-queue/components/work-queue";
import { getWorkQueue } from "~/features/work-queue/get-work-queue.server";
import { formatMoney } from "~/lib/i18n/format";
import { formatPercent } from "~/features/analytics/analytics-views";
import { percentage } from "~/features/analytics/analytics-period";
import { intentAction } from "~/lib/http/actions.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Admin Dashboard" }];

// The admin layout's middleware has already refused customers; the use case checks the actor again. A staff
// member's dashboard is their customers' work queue alone: the figures (revenue) are the admins'.
export async function loader({ context }: Route.LoaderArgs) {
  const { services, user: actor, i18n, locale } = requestContext(context);
  const [queue, figures] = await Promise.all([
    getWorkQueue(services, actor, { locale }),
    actor?.isAdmin ? getDashboardFigures(services, actor) : null,
  ]);
  return {
    queue,
    figures,
    title: i18n._(figures ? msg`Admin Dashboard` : msg`Dashboard`),
  };
}

/** The forms this page's action takes (the matrix tries each). */
export const intents = [DECIDE_PAYMENT_INTENT, APPROVE_DELETION_INTENT, DECLINE_DELETION_INTENT] as const;

/** The work queue's forms post here: a payment's decision (answered as on the customer's page), a deletion request's approval or decline. */
export async function action(args: Route.ActionArgs) {
  return intentAction(args, intents, {
    [DECIDE_PAYMENT_INTENT]: decidePaymentForm,
    [APPROVE_DELETION_INTENT]: approveDeletionForm(),
    [DECLINE_DELETION_INTENT]: declineDeletionForm(),
  });
}

/** One figure of the dashboard: the whole card is the link to the list behind it. */
function Figure({
  id,
  icon: Icon,
  title,
  value,
  detail,
  to,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  value: string;
  detail: string;
  to: string;
}) {
  return (
    <li>
      <Link
        to={to}
        data-testid={`dashboard-figure-${id}`}
        className="group block h-full rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
      >
        <Card className="flex h-full items-start gap-3 p-4 transition-colors group-hover:border-blue-300 group-hover:bg-blue-50/40">
          <Icon aria-hidden="true" className="mt-1 size-6 shrink-0 text-blue-700" />
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-700">{title}</p>
            <p className="text-2xl font-bold text-slate-900" data-testid="figure-value">
              {value}
            </p>
            <p className="text-sm text-slate-600">{detail}</p>
          </div>
        </Card>
      </Link>
    </li>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const { figures, queue } = loaderData;
  if (!figures) {
    return (
      <>
        <PageTitle title={t`Dashboard`} description={t`The work waiting on the customers assigned to you.`} />
        <WorkQueue queue={queue} />
      </>
    );
  }
  const payments = queue.pendingPayments?.total ?? 0;
  const information = queue.updatedInformation.total;
  const { leadsThisMonth, leadsWonThisMonth: leadsWon } = figures;
  const leadsWonShare = formatPercent(percentage(leadsWon, leadsThisMonth));
  const revenuePeriod = `${href("/admin/analytics")}?period=custom&from=${figures.monthStart}&to=${figures.today}`;
  return (
    <>
      <PageTitle title={t`Admin Dashboard`} description={t`Welcome to the back office.`} />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label={t`At a glance`}>
        <Figure
          id="revenue"
          icon={DollarSign}
          title={t`Revenue this month`}
          value={formatMoney(figures.revenueThisMonth, i18n.locale)}
          detail={t`Payments completed since the 1st`}
          to={revenuePeriod}
        />
        <Figure
          id="waiting"
          icon={Hourglass}
          title={t`Customers waiting`}
          value={String(payments + information)}
          detail={[
            t`${plural(payments, { one: "# payment to review", other: "# payments to review" })}`,
            t`${plural(information, { one: "# information update", other: "# information updates" })}`,
          ].join(" · ")}
          to="#work-queue-heading"
        />
        <Figure
          id="in-progress"
          icon={Wrench}
          title={t`Jobs in progress`}
          value={String(figures.inProgress)}
          detail={t`Customers whose work has started`}
          to={`${href("/admin/users")}?status=in_progress`}
        />
        <Figure
          id="leads"
          icon={Megaphone}
          title={t`Leads this month`}
          value={String(leadsThisMonth)}
          detail={t`${leadsWon} became paying customers (${leadsWonShare})`}
          to={revenuePeriod}
        />
      </ul>
      <WorkQueue queue={queue} />
    </>
  );
}
