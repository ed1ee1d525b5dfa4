import { and, eq } from "drizzle-orm";
import { deletionRequests } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";
import { readDeletionBlockers } from "./deletion-standing.server";
import type { PendingDeletionRequest } from "./deletion-views";

/**
 * A customer's deletion request waiting for the agency, for the admin's page of that customer: when it was asked and
 * what holds it back now; none: null. Admins only (staff 403), as the work queue's list of them.
 */
export async function getPendingDeletionRequest(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  customerId: string,
): Promise<PendingDeletionRequest | null> {
  requireAdminActor(actor);
  const [request] = await db
    .select({ id: deletionRequests.id, createdAt: deletionRequests.createdAt })
    .from(deletionRequests)
    .where(and(eq(deletionRequests.userId, customerId), eq(deletionRequests.status, "pending")));
  if (!request) return null;
  return {
    id: request.id,
    requestedAt: request.createdAt.toISOString(),
    blockers: await readDeletionBlockers(db, customerId),
  };
}
