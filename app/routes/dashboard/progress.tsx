import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { PageTitle } from "~/components/nav-shell";
import { getOwnWaitingRounds } from "~/features/approvals/get-own-waiting-rounds.server";
import { NextStepPanel } from "~/features/next-step/components/next-step-panel";
import { getOwnInformationSent } from "~/features/next-step/get-own-information-sent.server";
import { PaymentStatusCard } from "~/features/payments/components/payment-status-card";
import { listOwnPayments } from "~/features/payments/list-own-payments.server";
import { ProgressCards } from "~/features/progress/components/progress-card";
import { getOwnProgress } from "~/features/progress/get-own-progress.server";
import type { ProgressLoad } from "~/features/progress/progress-views";
import { ReviewCards } from "~/features/reviews/components/review-card";
import { getOpenReviewRequests } from "~/features/reviews/get-open-review-requests.server";
import { requestContext } from "~/lib/http/request-context.server";
import { requireUser } from "~/lib/auth/route-guards.server";
import type { Route } from "./+types/progress";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Construction Progress" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { services, i18n } = requestContext(context);
  const [payments, informationSent, waitingRounds, reviewCards, progress] = await Promise.all([
    listOwnPayments(services, user),
    getOwnInformationSent(services, user),
    getOwnWaitingRounds(services, user),
    // The Review Link as the settings have it now: a card shows it until answered, none while it is empty.
    getOpenReviewRequests(services, user),
    // A failure to read progress leaves the rest of the page: the cards say 'Failed to load progress data'.
    getOwnProgress(services, user).then(
      (records): ProgressLoad => ({ ok: true, progress: records }),
      (error: unknown): ProgressLoad => {
        console.error("Failed to load progress data:", error);
        return { ok: false };
      },
    ),
  ]);
  const title = i18n._(msg`Construction Progress`);
  return {
    payments,
    informationSent,
    waitingRounds,
    reviewCards,
    progress,
    cardEnabled: services.stripe !== null,
    title,
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { progress } = loaderData;
  const { t } = useLingui();
  return (
    <>
      <PageTitle
        title={t`Construction Progress`}
        description={t`Follow each step of your Google Business Profile and website projects.`}
      />
      <NextStepPanel
        cardEnabled={loaderData.cardEnabled}
        progressLoaded={progress.ok}
        state={{
          payments: loaderData.payments,
          informationSent: loaderData.informationSent,
          waitingRounds: loaderData.waitingRounds,
          steps: {
            google_business: progress.ok ? (progress.progress.google_business?.steps ?? null) : null,
            website: progress.ok ? (progress.progress.website?.steps ?? null) : null,
          },
        }}
      />
      <PaymentStatusCard payments={loaderData.payments} cardEnabled={loaderData.cardEnabled} />
      <ReviewCards cards={loaderData.reviewCards} />
      <ProgressCards load={loaderData.progress} />
    </>
  );
}
