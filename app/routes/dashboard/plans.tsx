import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { redirect } from "react-router";
import { PageTitle } from "~/components/nav-shell";
import { CustomerPlans } from "~/features/plans/components/customer-plans";
import { getCustomerPlans } from "~/features/plans/get-customer-plans.server";
import {
  CANCEL_PLAN_INTENT,
  CUSTOMER_PLAN_INTENTS,
  KEEP_PLAN_INTENT,
  planIdSchema,
  SUBSCRIBE_INTENT,
  subscriptionIdSchema,
} from "~/features/plans/plans.schemas";
import { setPlanCancellation } from "~/features/plans/set-plan-cancellation.server";
import { startPlanCheckout } from "~/features/plans/start-plan-checkout.server";
import { requireUser } from "~/lib/auth/route-guards.server";
import { form, intentAction } from "~/lib/http/actions.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/plans";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Plans" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { services, i18n, locale } = requestContext(context);
  const plans = await getCustomerPlans(services, user, { customerId: user.id, locale });
  // The hosted checkout's way back: `?checkout=success` says the plan starts once the provider confirms it.
  const back = new URL(request.url).searchParams.get("checkout");
  const checkout: "success" | "cancelled" | null = back === "success" || back === "cancelled" ? back : null;
  return {
    ...plans,
    checkout,
    title: i18n._(msg`Plans`),
  };
}

/** The forms this page's action takes (the matrix tries each). */
export const intents = CUSTOMER_PLAN_INTENTS;

/**
 * Subscribing (`intent=subscribe`) sends the customer to the card provider's hosted checkout; cancelling at the
 * period's end (`cancel-plan`) and keeping the plan after all (`keep-plan`) answer a toast (the page shows the day).
 */
export async function action(args: Route.ActionArgs) {
  return intentAction(args, intents, {
    [SUBSCRIBE_INTENT]: form({
      schema: planIdSchema,
      run: ({ services, user }, { planId }) => startPlanCheckout(services, user, { planId }),
      success: (_, { url }) => redirect(url),
    }),
    [CANCEL_PLAN_INTENT]: form({
      schema: subscriptionIdSchema,
      run: ({ services, user }, { subscriptionId }) =>
        setPlanCancellation(services, user, { subscriptionId, cancel: true }),
      success: ({ i18n }) => ({
        ok: true as const,
        title: i18n._(msg`Plan cancelled`),
        message: i18n._(msg`It stays active until the end of the month you paid for, and you are not charged again.`),
      }),
    }),
    [KEEP_PLAN_INTENT]: form({
      schema: subscriptionIdSchema,
      run: ({ services, user }, { subscriptionId }) =>
        setPlanCancellation(services, user, { subscriptionId, cancel: false }),
      success: ({ i18n }) => ({ ok: true as const, title: i18n._(msg`Your plan continues`) }),
    }),
  });
}

export default function Plans({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  return (
    <>
      <PageTitle title={t`Plans`} description={t`Monthly care for your profile and your website.`} />
      <CustomerPlans {...loaderData} />
    </>
  );
}
