import { and, eq, isNull } from "drizzle-orm";
import { reviewRequests } from "~db/schema";
import { isTeam, requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { REVIEW_RESPONSE_INTENT } from "./review-views";
import { reviewResponseFormSchema } from "./reviews.schemas";
import type { Deps } from "~/lib/services.server";

/**
 * The customer opened the review link, or dismissed the card: either way the card goes, on every open page. Only
 * their own request (the team has none: 403); answering twice changes nothing.
 */
export async function recordReviewResponse(
  { db, bus }: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { service: string; response: string },
): Promise<void> {
  const customer = requireActor(actor);
  if (isTeam(customer)) throw new AppError("forbidden");
  const parsed = reviewResponseFormSchema.safeParse({ ...input, intent: REVIEW_RESPONSE_INTENT });
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { service, response } = parsed.data;
  const now = new Date();
  const answered = await db
    .update(reviewRequests)
    .set(response === "opened" ? { clickedAt: now } : { dismissedAt: now })
    .where(
      and(
        eq(reviewRequests.userId, customer.id),
        eq(reviewRequests.service, service),
        isNull(reviewRequests.clickedAt),
        isNull(reviewRequests.dismissedAt),
      ),
    )
    .returning({ userId: reviewRequests.userId });
  if (answered.length > 0) await publishChanges(bus, [{ table: "review_requests", userId: customer.id }]);
}
