import { desc, eq } from "drizzle-orm";
import { profiles, reviewRounds } from "~db/schema";
import { isAllowedImageType } from "~/domain/upload-kinds";
import type { ServiceType } from "~/domain/service-catalog";
import { requireCustomerReader } from "~/features/users/customer-query.server";
import { isTeam, requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";
import type { ReviewRoundsView, RoundDecision } from "./review-round-views";

/**
 * A customer's review rounds, by service, newest first, for the customer themself or an admin: anonymous gets 401,
 * another customer 403, an id that is no customer 404.
 */
export async function listReviewRounds(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  userId: string,
): Promise<ReviewRoundsView> {
  await requireCustomerReader(db, actor, userId);
  const rows = await db
    .select({
      id: reviewRounds.id,
      service: reviewRounds.service,
      version: reviewRounds.version,
      title: reviewRounds.title,
      purpose: reviewRounds.purpose,
      message: reviewRounds.message,
      link: reviewRounds.link,
      files: reviewRounds.files,
      createdAt: reviewRounds.createdAt,
      authorName: profiles.fullName,
      decision: reviewRounds.decision,
      comment: reviewRounds.comment,
      decidedAt: reviewRounds.decidedAt,
    })
    .from(reviewRounds)
    .leftJoin(profiles, eq(profiles.id, reviewRounds.createdBy))
    .where(eq(reviewRounds.userId, userId))
    .orderBy(desc(reviewRounds.version));
  const view: ReviewRoundsView = { google_business: [], website: [] };
  for (const row of rows) {
    view[row.service as ServiceType].push({
      id: row.id,
      service: row.service as ServiceType,
      version: row.version,
      title: row.title,
      purpose: row.purpose,
      message: row.message,
      link: row.link,
      files: row.files.map((file) => ({
        url: file.url,
        thumbnailUrl: file.thumbnailUrl,
        name: file.name,
        size: file.size,
        isImage: isAllowedImageType(file.contentType),
      })),
      createdAt: row.createdAt.toISOString(),
      authorName: row.authorName,
      decision: row.decision as RoundDecision | null,
      comment: row.comment,
      decidedAt: row.decidedAt?.toISOString() ?? null,
    });
  }
  return view;
}

/**
 * The signed-in user's own rounds, for their service pages. A team member opening the portal has none (rounds are
 * customers'), so their page shows none instead of the 404 a team member's id gets above.
 */
export async function listOwnReviewRounds(deps: Pick<Deps, "db">, actor: Actor | null): Promise<ReviewRoundsView> {
  const viewer = requireActor(actor);
  if (isTeam(viewer)) return { google_business: [], website: [] };
  return listReviewRounds(deps, viewer, viewer.id);
}
