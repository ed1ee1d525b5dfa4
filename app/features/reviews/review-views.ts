import type { ServiceType } from "~/domain/service-catalog";

/** A 'Leave us a review' card the progress page shows: which finished service, and where the review is left. */
export interface ReviewCardView {
  service: ServiceType;
  link: string;
}

/** The form intent of the 'Leave us a review' card's answers (kept out of the schema module: the card needs no zod). */
export const REVIEW_RESPONSE_INTENT = "review-response";
