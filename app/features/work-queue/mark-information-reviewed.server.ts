import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { googleBusinessInfo, websiteInfo } from "~db/schema";
import { requireTeamReach } from "~/lib/auth/actor-guards";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Actor } from "~/lib/auth/session";
import { markReviewedSchema } from "./work-queue.schemas";
import type { Deps } from "~/lib/services.server";

const FORMS = {
  google_business: { name: "google_business_info", table: googleBusinessInfo },
  website: { name: "website_info", table: websiteInfo },
} as const;

/**
 * An admin was shown a customer's information form: the version they saw counts as seen and leaves the work
 * queue until the customer saves it again. Only the version shown: when the customer saved after `seenAt` (the
 * saved time of what the admin's page showed, to the millisecond a browser knows), the newer version stays in the
 * queue. Writes (and publishes, so every admin's open queue drops the row) only when there is something new.
 */
export async function markInformationReviewed(
  { db, bus }: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { userId: string; form: string; seenAt: string },
): Promise<{ marked: number }> {
  requireTeamReach(actor, input.userId);
  const parsed = markReviewedSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_request");
  const { userId, form, seenAt } = parsed.data;
  const { name, table } = FORMS[form];
  const marked = await db
    // updated_at is written to itself: left out, Drizzle's $onUpdate would move it to now.
    .update(table)
    .set({ informationReviewedAt: sql`${table.updatedAt}`, updatedAt: sql`${table.updatedAt}` })
    .where(
      and(
        eq(table.userId, userId),
        lte(sql`date_trunc('milliseconds', ${table.updatedAt})`, sql`${seenAt}::timestamptz`),
        or(isNull(table.informationReviewedAt), gt(table.updatedAt, table.informationReviewedAt)),
      ),
    )
    .returning({ userId: table.userId });
  if (marked.length > 0) await publishChanges(bus, [{ table: name, userId }]);
  return { marked: marked.length };
}
