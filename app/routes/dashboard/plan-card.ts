import { redirect } from "react-router";
import { openBillingPortal } from "~/features/plans/open-billing-portal.server";
import { requireUser } from "~/lib/auth/route-guards.server";
import { loaderFailure } from "~/lib/http/error-answer.server";
import { loginThen, PLAN_CARD_PAGE } from "~/lib/http/paths";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/plan-card";

/**
 * `GET /dashboard/plans/card`: sends the signed-in customer to the card provider's billing portal, where they change
 * the card their plan is charged to (the e-mail about a failed charge links here; without a session, the sign-in
 * comes first, and leads back here). A refusal (no card on file yet, the provider out of reach) is the dashboard's error page, in their
 * language.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context, loginThen(PLAN_CARD_PAGE));
  const { services, i18n } = requestContext(context);
  try {
    const { url } = await openBillingPortal(services, user);
    return redirect(url);
  } catch (error) {
    loaderFailure(error, i18n);
  }
}
