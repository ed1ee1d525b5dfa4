import { useLingui } from "@lingui/react/macro";
import { CreditCard } from "lucide-react";
import { useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { LocalDateTime } from "~/components/local-date-time";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { receiptPath } from "~/features/receipts/receipt";
import { formatMoney } from "~/lib/i18n/format";
import type { ActionResult } from "~/lib/http/forms";
import { PLAN_CARD_PAGE, PLANS_PAGE } from "~/lib/http/paths";
import type { PlanOfferView, PlanSubscriptionView } from "../plan-views";
import { PLAN_STATUS_NAMES, type PlanStatus } from "../plans";
import { CANCEL_PLAN_INTENT, KEEP_PLAN_INTENT, SUBSCRIBE_INTENT } from "../plans.schemas";

const DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "long", day: "numeric" };

const PLAN_STATUS_TONES: Record<PlanStatus, BadgeTone> = {
  incomplete: "gray",
  active: "green",
  past_due: "red",
  ended: "gray",
};

export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge tone={PLAN_STATUS_TONES[status]} data-testid="plan-status">
      {i18n._(PLAN_STATUS_NAMES[status])}
    </Badge>
  );
}

/**
 * The customer's Plans page: their own plans (standing, price, next charge or last day, the charges with their
 * receipts; cancel at the period's end, keep it after all, change the card) and the plans on offer, each subscribed
 * to through the card provider's hosted checkout. Card only, as the page says.
 */
export function CustomerPlans({
  subscriptions,
  offers,
  cardPayments,
  checkout,
}: {
  subscriptions: PlanSubscriptionView[];
  offers: PlanOfferView[];
  cardPayments: boolean;
  checkout: "success" | "cancelled" | null;
}) {
  const { t } = useLingui();
  const waiting = checkout === "success" && !subscriptions.some((sub) => sub.status === "active");
  return (
    <div className="space-y-8">
      {waiting ? (
        <p role="status" className="rounded-md border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
          {t`Thank you! Your plan starts as soon as the card provider confirms the payment; this page updates by itself.`}
        </p>
      ) : null}
      {subscriptions.length > 0 ? (
        <section aria-labelledby="own-plans" className="space-y-4">
          <h2 id="own-plans" className="text-lg font-semibold text-slate-900">{t`Your plans`}</h2>
          {subscriptions.map((subscription) => (
            <OwnPlan key={subscription.id} subscription={subscription} />
          ))}
        </section>
      ) : null}
      <section aria-labelledby="plan-offers" className="space-y-4">
        <h2 id="plan-offers" className="text-lg font-semibold text-slate-900">{t`Plans on offer`}</h2>
        {!cardPayments ? (
          <p className="text-sm text-slate-700">{t`Plans are paid monthly by card, which is not available right now.`}</p>
        ) : offers.length === 0 ? (
          <p className="text-sm text-slate-700">{t`No other plan is on offer to you right now.`}</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {offers.map((offer) => (
              <PlanOffer key={offer.id} offer={offer} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

/** A plan on offer: its name, what it does, the monthly price, and 'Subscribe' (a POST to this page's action). */
function PlanOffer({ offer, action }: { offer: PlanOfferView; action?: string }) {
  const { t } = useLingui();
  const { i18n } = useLingui();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("planId") === offer.id;
  const price = formatMoney(offer.price, i18n.locale, { cents: !Number.isInteger(offer.price) });
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-6" data-testid="plan-offer">
      <h3 className="text-base font-semibold text-slate-900">{offer.name}</h3>
      {offer.description ? <p className="text-sm whitespace-pre-wrap text-slate-700">{offer.description}</p> : null}
      <p className="text-2xl font-bold text-slate-900">{t`${price} a month`}</p>
      <p className="flex items-center gap-2 text-xs text-slate-600">
        <CreditCard aria-hidden="true" className="size-4" />
        {t`Paid by card every month. Cancel whenever you like: it ends with the month you paid for.`}
      </p>
      <Form method="post" action={action} className="mt-auto">
        <input type="hidden" name="intent" value={SUBSCRIBE_INTENT} />
        <input type="hidden" name="planId" value={offer.id} />
        <Button type="submit" className="w-full" disabled={sending}>
          {sending ? t`Opening the checkout...` : t`Subscribe to ${offer.name}`}
        </Button>
      </Form>
    </Card>
  );
}

function OwnPlan({ subscription }: { subscription: PlanSubscriptionView }) {
  const { t, i18n } = useLingui();
  const price = formatMoney(subscription.price, i18n.locale, { cents: !Number.isInteger(subscription.price) });
  const holds = subscription.status === "active" || subscription.status === "past_due";
  return (
    <Card className="space-y-4 p-4 sm:p-6" data-testid="own-plan">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{subscription.planName}</h3>
        <PlanStatusBadge status={subscription.status} />
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">{t`Price`}</dt>
          <dd className="font-medium text-slate-900">{t`${price} a month`}</dd>
        </div>
        {subscription.startedAt ? (
          <div>
            <dt className="text-slate-600">{t`Since`}</dt>
            <dd className="font-medium text-slate-900">
              <LocalDateTime iso={subscription.startedAt} options={DAY} />
            </dd>
          </div>
        ) : null}
        {holds && subscription.currentPeriodEnd ? (
          <div>
            <dt className="text-slate-600">{subscription.cancelAtPeriodEnd ? t`Ends on` : t`Next charge`}</dt>
            <dd className="font-medium text-slate-900" data-testid="plan-period-end">
              <LocalDateTime iso={subscription.currentPeriodEnd} options={DAY} />
            </dd>
          </div>
        ) : null}
        {subscription.status === "ended" && subscription.endedAt ? (
          <div>
            <dt className="text-slate-600">{t`Ended on`}</dt>
            <dd className="font-medium text-slate-900">
              <LocalDateTime iso={subscription.endedAt} options={DAY} />
            </dd>
          </div>
        ) : null}
      </dl>
      {subscription.status === "past_due" ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {t`Your last payment failed. Please change your card: we try again, and your plan continues once it is paid.`}
        </p>
      ) : null}
      {holds ? (
        <div className="flex flex-wrap gap-2">
          {/* The billing portal is another site: a full page load, not the router's. */}
          <Button asChild variant="outline">
            <a href={PLAN_CARD_PAGE}>{t`Change card`}</a>
          </Button>
          {subscription.cancelAtPeriodEnd ? (
            <KeepPlanButton subscriptionId={subscription.id} />
          ) : (
            <CancelPlanButton subscription={subscription} />
          )}
        </div>
      ) : null}
      {subscription.charges.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium text-blue-700">
            {t`Payments (${subscription.charges.length})`}
          </summary>
          <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="plan-charges">
            {subscription.charges.map((charge) => (
              <li key={charge.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  {/* The month it paid for; a charge without one (none so far) says when it was paid. */}
                  {charge.periodStart && charge.periodEnd ? (
                    <>
                      <LocalDateTime iso={charge.periodStart} options={DAY} />
                      {" – "}
                      <LocalDateTime iso={charge.periodEnd} options={DAY} />
                    </>
                  ) : charge.paidAt ? (
                    <LocalDateTime iso={charge.paidAt} options={DAY} />
                  ) : null}
                  {" · "}
                  {formatMoney(charge.amount, i18n.locale, { cents: true })}
                  {charge.refundedAmount > 0
                    ? ` · ${t`refunded ${formatMoney(charge.refundedAmount, i18n.locale, { cents: true })}`}`
                    : ""}
                </span>
                {charge.receiptNumber !== null ? (
                  <a className="text-blue-700 underline" href={receiptPath(charge.id)}>
                    {t`Receipt ${charge.receiptNumber}`}
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Card>
  );
}

function CancelPlanButton({ subscription }: { subscription: PlanSubscriptionView }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== "idle";
  useActionToast(fetcher.data, { onSuccess: () => setOpen(false), onFailure: () => setOpen(false) });
  const name = subscription.planName;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          {t`Cancel plan`}
        </Button>
      </DialogTrigger>
      <DialogContent
        role="alertdialog"
        title={t`Cancel ${name}?`}
        description={t`It stays active until the end of the month you paid for, and you are not charged again. You can keep it until that day.`}
      >
        <fetcher.Form method="post" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <input type="hidden" name="intent" value={CANCEL_PLAN_INTENT} />
          <input type="hidden" name="subscriptionId" value={subscription.id} />
          <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
            {t`Keep my plan`}
          </Button>
          <Button type="submit" variant="destructive" disabled={pending}>
            {pending ? t`Cancelling...` : t`Cancel at the end of the month`}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function KeepPlanButton({ subscriptionId }: { subscriptionId: string }) {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={KEEP_PLAN_INTENT} />
      <input type="hidden" name="subscriptionId" value={subscriptionId} />
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        {t`Keep my plan`}
      </Button>
    </fetcher.Form>
  );
}

/**
 * A finished service's page offers the plans that follow it: its work kept up every month. Subscribing posts to the
 * Plans page's action, which sends the customer to the hosted checkout.
 */
export function ServicePlanOffers({ offers }: { offers: PlanOfferView[] }) {
  const { t } = useLingui();
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby="service-plan-offers" className="mb-6 space-y-3">
      <h2 id="service-plan-offers" className="text-lg font-semibold text-slate-900">
        {t`Keep it working for you every month`}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {offers.map((offer) => (
          <PlanOffer key={offer.id} offer={offer} action={PLANS_PAGE} />
        ))}
      </div>
    </section>
  );
}
