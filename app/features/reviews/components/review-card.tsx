import { useLingui } from "@lingui/react/macro";
import { Star, X } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { serviceNameIn } from "~/domain/service-texts";
import type { ReviewCardView } from "../review-views";
import { REVIEW_RESPONSE_INTENT } from "../review-views";

/** Where the card's answers are posted. */
const ANSWERS_PATH = "/resources/approvals";

/**
 * 'Leave us a review' on the progress page, once a service is finished: the agency's review link (a new tab) and a
 * way to put the card away. Opening the link or dismissing the card ends it on every open page. Nothing asks for a
 * rating first: everyone gets the same link.
 */
export function ReviewCards({ cards }: { cards: readonly ReviewCardView[] }) {
  if (cards.length === 0) return null;
  return (
    <div className="mb-6 space-y-3">
      {cards.map((card) => (
        <ReviewCard key={card.service} card={card} />
      ))}
    </div>
  );
}

function ReviewCard({ card }: { card: ReviewCardView }) {
  const { t, i18n } = useLingui();
  const fetcher = useFetcher();
  const answer = (response: "opened" | "dismissed") =>
    void fetcher.submit(
      { intent: REVIEW_RESPONSE_INTENT, service: card.service, response },
      { method: "post", action: ANSWERS_PATH },
    );
  const what = serviceNameIn(i18n, card.service);
  // Answered: gone at once, before the page reloads.
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <Card
      className="flex flex-col gap-3 border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid={`review-card-${card.service}`}
      role="region"
      aria-label={t`Leave us a review`}
    >
      <div className="flex items-start gap-3">
        <Star aria-hidden="true" className="size-6 shrink-0 text-amber-600" />
        <div className="space-y-1">
          <p className="font-semibold text-slate-900">{t`Leave us a review`}</p>
          <p className="text-sm text-slate-700">{t`Your ${what} is finished. Would you leave us a review? It helps other customers find us.`}</p>
        </div>
      </div>
      <div className="flex items-center gap-2">
        <Button asChild>
          <a href={card.link} target="_blank" rel="noreferrer noopener" onClick={() => answer("opened")}>
            {t`Leave us a review`}
            <span className="sr-only">{t`(opens in a new tab)`}</span>
          </a>
        </Button>
        <Button type="button" variant="ghost" size="icon" aria-label={t`Dismiss`} onClick={() => answer("dismissed")}>
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </Card>
  );
}
