import { and, eq, isNull } from "drizzle-orm";
import { reviewRequests } from "~db/schema";
import type { ServiceType } from "~/domain/service-catalog";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";
import type { ReviewCardView } from "./review-views";

/**
 * The signed-in customer's review requests still open (the link not opened, the card not dismissed), with the Review
 * Link as the settings have it now; none while the link is empty.
 */
export async function getOpenReviewRequests(
  { db, settings }: Pick<Deps, "db" | "settings">,
  actor: Actor | null,
): Promise<ReviewCardView[]> {
  const { id: userId } = requireActor(actor);
  const { reviewLink } = (await settings.get()).general;
  if (!reviewLink) return [];
  const rows = await db
    .select({ service: reviewRequests.service })
    .from(reviewRequests)
    .where(and(eq(reviewRequests.userId, userId), isNull(reviewRequests.clickedAt), isNull(reviewRequests.dismissedAt)))
    .orderBy(reviewRequests.requestedAt);
  return rows.map((row) => ({ service: row.service as ServiceType, link: reviewLink }));
}
