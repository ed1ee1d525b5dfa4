import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { googleBusinessInfo, websiteInfo } from "~db/schema";
import { requireAdminActor } from "~/lib/actor-guards";
import type { Db } from "~/lib/db.server";
import { badRequest } from "~/lib/errors";
import type { Change } from "~/lib/realtime";
import { publishChanges, type ChangeBus } from "~/lib/realtime.server";
import type { Actor } from "~/lib/session";
import { z } from "zod";

const inputSchema = z.object({ userId: z.uuid() });

/**
 * An admin opened the customer's page: both information forms count as seen in the version saved now, and
 * leave the work queue until the customer saves them again. The customer detail page's loader calls this
 * BEFORE it reads the forms, so what it then shows is never older than what was marked seen. Writes (and
 * publishes, so every admin's open queue drops the row) only when there is something new.
 */
export async function markInformationReviewed(
  { db, bus }: { db: Db; bus: ChangeBus },
  actor: Actor | null,
  input: { userId: string },
): Promise<{ marked: number }> {
  requireAdminActor(actor);
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) throw badRequest("Invalid request");
  const { userId } = parsed.data;
  const changes: Change[] = [];
  for (const [name, table] of [
    ["google_business_info", googleBusinessInfo],
    ["website_info", websiteInfo],
  ] as const) {
    const marked = await db
      // updated_at is written to itself: left out, Drizzle's $onUpdate would move it to now.
      .update(table)
      .set({ informationReviewedAt: sql`${table.updatedAt}`, updatedAt: sql`${table.updatedAt}` })
      .where(
        and(eq(table.userId, userId), or(isNull(table.informationReviewedAt), gt(table.updatedAt, table.informationReviewedAt))),
      )
      .returning({ userId: table.userId });
    if (marked.length > 0) changes.push({ table: name, userId });
  }
  await publishChanges(bus, changes);
  return { marked: changes.length };
}
