import { asc, count, eq, sql } from "drizzle-orm";
import { deletionRequests, profiles, user } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { readDeletionBlockers } from "./deletion-standing.server";
import type { DeletionRequestList } from "./deletion-views";

/**
 * The work queue's 'Deletion requested': the customers' requests waiting for an admin, the oldest first (the first
 * `limit`, and how many there are), read through the partial index on pending requests; for each, what holds it
 * back now. The admins' list: the caller has checked the actor (staff do not decide deletions).
 */
export async function listDeletionRequests(db: Db, limit: number): Promise<DeletionRequestList> {
  const pending = eq(deletionRequests.status, "pending");
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: deletionRequests.id,
        userId: deletionRequests.userId,
        createdAt: deletionRequests.createdAt,
        customerName: sql<string>`coalesce(${profiles.fullName}, ${user.name})`,
      })
      .from(deletionRequests)
      .innerJoin(user, eq(user.id, deletionRequests.userId))
      .leftJoin(profiles, eq(profiles.id, deletionRequests.userId))
      .where(pending)
      .orderBy(asc(deletionRequests.createdAt), asc(deletionRequests.id))
      .limit(limit),
    db.select({ total: count() }).from(deletionRequests).where(pending),
  ]);
  return {
    total: counted?.total ?? 0,
    items: await Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        userId: row.userId,
        customerName: row.customerName,
        requestedAt: row.createdAt.toISOString(),
        blockers: await readDeletionBlockers(db, row.userId),
      })),
    ),
  };
}
