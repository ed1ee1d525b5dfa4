import type { ServiceType } from "~/domain/service-catalog";

/** A 'Leave us a review' card the progress page shows: which finished service, and where the review is left. */
export interface ReviewCardView {
  service: ServiceType;
  link: string;
}
