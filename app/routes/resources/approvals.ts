import { decideRoundAction } from "~/features/approvals/approvals-action.server";
import { DECIDE_ROUND_INTENT } from "~/features/approvals/approvals.schemas";
import { recordReviewResponseAction } from "~/features/reviews/reviews-action.server";
import { REVIEW_RESPONSE_INTENT } from "~/features/reviews/review-views";
import { dispatchIntent } from "~/lib/http/intents.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/approvals";

/** The forms this route takes (the matrix tries each). */
export const intents = [DECIDE_ROUND_INTENT, REVIEW_RESPONSE_INTENT] as const;

/**
 * The customer's answers at the end of a job, from the service pages and the progress page: a decision on a review
 * round, and the 'Leave us a review' card's link opened or card dismissed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { i18n, user, services } = requestContext(context);
  return dispatchIntent(request, i18n, intents, {
    [DECIDE_ROUND_INTENT]: (form) => decideRoundAction(services, user, form, i18n),
    [REVIEW_RESPONSE_INTENT]: (form) => recordReviewResponseAction(services, user, form, i18n),
  });
}
