import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { LocalDateTime } from "~/components/local-date-time";
import { Card } from "~/components/ui/card";
import { receiptPath } from "~/features/receipts/receipt";
import { formatMoney } from "~/lib/i18n/format";
import type { PlanChargeView, PlanSubscriptionView } from "../plan-views";
import { PlanStatusBadge } from "./customer-plans";

const DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "long", day: "numeric" };

/**
 * The customer page's 'Care plans': each of the customer's subscriptions, newest first, with its standing, its price
 * a month, since when, the next charge (or its last day once cancelled), since when it is past due or when it ended,
 * and its monthly charges with their receipts. Refunds are made from the charges' cards among the payments.
 */
export function AdminCustomerPlans({ subscriptions }: { subscriptions: PlanSubscriptionView[] }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="customer-plans-heading" className="space-y-3" data-testid="customer-plans">
      <h2 id="customer-plans-heading" className="text-lg font-semibold text-slate-900">
        {t`Care plans`}
      </h2>
      {subscriptions.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          {t`This customer has no care plan.`}
        </p>
      ) : (
        <ul className="space-y-3">
          {subscriptions.map((subscription) => (
            <li key={subscription.id}>
              <SubscriptionCard subscription={subscription} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function SubscriptionCard({ subscription }: { subscription: PlanSubscriptionView }) {
  const { t, i18n } = useLingui();
  const price = formatMoney(subscription.price, i18n.locale);
  const holds = subscription.status === "active" || subscription.status === "past_due";
  return (
    <Card className="space-y-4 p-4 sm:p-6" data-testid="customer-plan">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{subscription.planName}</h3>
        <PlanStatusBadge status={subscription.status} />
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact label={t`Price`}>{t`${price} a month`}</Fact>
        {subscription.startedAt ? (
          <Fact label={t`Since`}>
            <LocalDateTime iso={subscription.startedAt} options={DAY} />
          </Fact>
        ) : null}
        {holds && subscription.currentPeriodEnd ? (
          <Fact label={subscription.cancelAtPeriodEnd ? t`Ends on` : t`Next charge`} testId="plan-period-end">
            <LocalDateTime iso={subscription.currentPeriodEnd} options={DAY} />
          </Fact>
        ) : null}
        {subscription.status === "past_due" && subscription.pastDueSince ? (
          <Fact label={t`Past due since`} testId="plan-past-due-since">
            <LocalDateTime iso={subscription.pastDueSince} options={DAY} />
          </Fact>
        ) : null}
        {subscription.status === "ended" && subscription.endedAt ? (
          <Fact label={t`Ended on`}>
            <LocalDateTime iso={subscription.endedAt} options={DAY} />
          </Fact>
        ) : null}
      </dl>
      {subscription.charges.length === 0 ? (
        <p className="text-sm text-slate-600">{t`No monthly charge yet.`}</p>
      ) : (
        <Charges charges={subscription.charges} />
      )}
    </Card>
  );
}

/** The subscription's monthly charges, oldest first: a table on wide screens, a card per charge on phones. */
function Charges({ charges }: { charges: PlanChargeView[] }) {
  const { t, i18n } = useLingui();
  const headings = { date: t`Date`, amount: t`Amount`, refunded: t`Refunded`, receipt: t`Receipt` };
  const cell =
    "flex gap-3 py-0.5 before:w-24 before:shrink-0 before:text-slate-600 before:content-[attr(data-label)] md:table-cell md:py-2 md:pr-4 md:before:content-none";
  return (
    <table className="block w-full text-left text-sm md:table" data-testid="plan-charges">
      <caption className="sr-only">{t`Monthly charges`}</caption>
      <thead className="sr-only md:not-sr-only md:table-header-group">
        <tr className="border-b border-slate-200 text-slate-600">
          {Object.values(headings).map((heading) => (
            <th key={heading} scope="col" className="py-2 pr-4 font-medium">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block md:table-row-group">
        {charges.map((charge) => (
          <tr
            key={charge.id}
            data-testid="plan-charge"
            className="block border-b border-slate-100 py-2 last:border-0 md:table-row md:py-0"
          >
            <td data-label={headings.date} className={cell}>
              {charge.paidAt ? <LocalDateTime iso={charge.paidAt} options={DAY} /> : "–"}
            </td>
            <td data-label={headings.amount} className={`${cell} tabular-nums`}>
              {formatMoney(charge.amount, i18n.locale, { cents: true })}
            </td>
            <td data-label={headings.refunded} className={`${cell} tabular-nums`}>
              {charge.refundedAmount > 0 ? formatMoney(charge.refundedAmount, i18n.locale, { cents: true }) : "–"}
            </td>
            <td data-label={headings.receipt} className={cell}>
              {charge.receiptNumber !== null ? (
                <a className="text-blue-700 underline" href={receiptPath(charge.id)}>
                  {t`Receipt ${charge.receiptNumber}`}
                </a>
              ) : (
                "–"
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
