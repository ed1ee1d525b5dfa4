import { msg } from "@lingui/core/macro";
import { DECIDE_ROUND_INTENT, decideRoundFormSchema } from "~/features/approvals/approvals.schemas";
import { decideRound } from "~/features/approvals/decide-round.server";
import { recordReviewResponse } from "~/features/reviews/record-review-response.server";
import { REVIEW_RESPONSE_INTENT } from "~/features/reviews/review-views";
import { reviewResponseFormSchema } from "~/features/reviews/reviews.schemas";
import { form, intentAction } from "~/lib/http/actions.server";
import type { Route } from "./+types/approvals";

/** The forms this route takes (the matrix tries each). */
export const intents = [DECIDE_ROUND_INTENT, REVIEW_RESPONSE_INTENT] as const;

/**
 * The customer's answers at the end of a job, from the service pages and the progress page: a decision on a review
 * round (a toast says what was sent), and the 'Leave us a review' card's link opened or card dismissed (no toast).
 */
export async function action(args: Route.ActionArgs) {
  return intentAction(args, intents, {
    [DECIDE_ROUND_INTENT]: form({
      schema: decideRoundFormSchema,
      run: ({ services, user }, value) => decideRound(services, user, value),
      success: ({ i18n }, { decision }) => ({
        ok: true,
        message:
          decision === "approved"
            ? i18n._(msg`Thank you! You approved it.`)
            : i18n._(msg`Thank you! We will make the changes.`),
      }),
    }),
    [REVIEW_RESPONSE_INTENT]: form({
      schema: reviewResponseFormSchema,
      run: ({ services, user }, value) => recordReviewResponse(services, user, value),
    }),
  });
}
