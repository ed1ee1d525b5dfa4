import { and, eq, isNull } from "drizzle-orm";
import { reviewRequests } from "~db/schema";
import type { ServiceType } from "~/domain/service-catalog";
import type { Executor } from "~/lib/db/db.server";
import type { ReviewCardView } from "./review-views";

/**
 * The customer's review requests still open (the link not opened, the card not dismissed), with the Review Link as
 * the settings have it now; none while the link is empty.
 */
export async function getOpenReviewRequests(
  executor: Executor,
  userId: string,
  reviewLink: string,
): Promise<ReviewCardView[]> {
  if (!reviewLink) return [];
  const rows = await executor
    .select({ service: reviewRequests.service })
    .from(reviewRequests)
    .where(and(eq(reviewRequests.userId, userId), isNull(reviewRequests.clickedAt), isNull(reviewRequests.dismissedAt)))
    .orderBy(reviewRequests.requestedAt);
  return rows.map((row) => ({ service: row.service as ServiceType, link: reviewLink }));
}
