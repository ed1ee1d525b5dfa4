import { msg } from "@lingui/core/macro";
import { redirect, useFetchers, useNavigation, useRevalidator } from "react-router";
import { AdminPaymentsTab } from "~/features/payments/review/components/admin-payments-tab";
import { decidePaymentForm } from "~/features/payments/review/decide-payment.form.server";
import { listPaymentsForReview } from "~/features/payments/review/list-payments-for-review.server";
import { REFUND_PAYMENT_INTENT, refundFormSchema } from "~/features/payments/refunds/payment-refunds";
import { refundPayment } from "~/features/payments/refunds/refund-payment.server";
import { DECIDE_PAYMENT_INTENT } from "~/features/payments/review/payment-review";
import { AdminCustomerPlans } from "~/features/plans/components/admin-customer-plans";
import { getCustomerPlans } from "~/features/plans/get-customer-plans.server";
import { requireTeamReach } from "~/lib/auth/actor-guards";
import { AppError } from "~/lib/http/app-error";
import { loaderFailure } from "~/lib/http/error-answer.server";
import { form, intentAction } from "~/lib/http/actions.server";
import { customerPagePath, isCustomerTab } from "~/lib/http/paths";
import { requestContext } from "~/lib/http/request-context.server";
import { tabShouldRevalidate } from "./revalidation";
import { TabError } from "./tab-error";
import type { Route } from "./+types/payments";

/**
 * The customer page's first tab, at the customer's own path: their payments, the admins' alone. A staff member's
 * page opens on Messages instead. An address that names the tab in `?tab=` (e-mails already sent link so) goes on
 * to that tab's path.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services, user: actor, i18n, locale } = requestContext(context);
  const userId = params.userId;
  try {
    requireTeamReach(actor, userId);
  } catch (error) {
    loaderFailure(error, i18n);
  }
  const first = actor?.isAdmin ? "payments" : "messages";
  const asked = new URL(request.url).searchParams.get("tab");
  if (isCustomerTab(asked)) throw redirect(customerPagePath(userId, asked === "payments" ? first : asked));
  if (first !== "payments") throw redirect(customerPagePath(userId, first));
  // A failure to load payments or plans is logged and the tab shows none; a refusal is the tab's answer.
  const [payments, plans] = await Promise.all([
    listPaymentsForReview(services, actor, { userId }).catch((error: unknown) => {
      if (error instanceof AppError) loaderFailure(error, i18n);
      console.error("Failed to load payments:", error);
      return [];
    }),
    getCustomerPlans(services, actor, { customerId: userId, locale }).then(
      ({ subscriptions }) => subscriptions,
      (error: unknown) => {
        if (error instanceof AppError) loaderFailure(error, i18n);
        console.error("Failed to load care plans:", error);
        return [];
      },
    ),
  ]);
  return { payments, plans };
}

/** The forms this tab's action takes (the matrix tries each). */
export const intents = [DECIDE_PAYMENT_INTENT, REFUND_PAYMENT_INTENT] as const;

/**
 * The payment cards' forms, by `intent`: a decision (paymentId, decision, notes) and a refund (paymentId, amount,
 * reason; admins only, a payment of this customer only). Any other intent is refused with 400.
 */
export async function action(args: Route.ActionArgs) {
  const { userId } = args.params;
  return intentAction(args, intents, {
    [DECIDE_PAYMENT_INTENT]: decidePaymentForm,
    // A Zelle refund is done at once; a card refund waits for Stripe's confirmation.
    [REFUND_PAYMENT_INTENT]: form({
      schema: refundFormSchema,
      run: ({ services, user }, value) => refundPayment(services, user, { userId, ...value }),
      success: ({ i18n }, { status }) =>
        status === "completed"
          ? {
              ok: true as const,
              title: i18n._(msg`Refund recorded`),
              message: i18n._(msg`The customer has been notified.`),
            }
          : {
              ok: true as const,
              title: i18n._(msg`Refund requested`),
              message: i18n._(msg`Stripe is processing it; it shows as completed once Stripe confirms it.`),
            },
    }),
  });
}

export const shouldRevalidate = tabShouldRevalidate;

export default function PaymentsTab({ loaderData, params }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // Reloading this tab's data (a live update, or the reload after a decision, which a fetcher in its "loading"
  // state stands for): the list shown may be about to change.
  const reloading =
    revalidator.state === "loading" ||
    fetchers.some((fetcher) => fetcher.state === "loading") ||
    (navigation.state === "loading" && navigation.location.pathname === customerPagePath(params.userId));
  return (
    <div className="space-y-8">
      <AdminPaymentsTab payments={loaderData.payments} loading={reloading} />
      <AdminCustomerPlans subscriptions={loaderData.plans} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TabError error={error} />;
}
