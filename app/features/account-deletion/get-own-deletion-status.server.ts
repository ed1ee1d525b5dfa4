import { desc, eq } from "drizzle-orm";
import { deletionRequests } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";
import { isDeletionBlocker } from "./account-deletion";
import { readDeletionBlockers } from "./deletion-standing.server";
import { isCustomerAccount } from "~/lib/auth/roles.server";
import type { OwnDeletionStatus } from "./deletion-views";

/**
 * The reader's own deletion standing, for the Profile page: what would hold a deletion back now, the request
 * waiting for the agency, or the latest one declined (and why). A team account closes no account here.
 */
export async function getOwnDeletionStatus({ db }: Pick<Deps, "db">, actor: Actor | null): Promise<OwnDeletionStatus> {
  const reader = requireActor(actor);
  if (!(await isCustomerAccount(db, reader))) return { available: false, blockers: [], pending: null, declined: null };
  const [blockers, [latest]] = await Promise.all([
    readDeletionBlockers(db, reader.id),
    db
      .select({
        status: deletionRequests.status,
        blockers: deletionRequests.blockers,
        createdAt: deletionRequests.createdAt,
        reason: deletionRequests.declineReason,
        decidedAt: deletionRequests.decidedAt,
      })
      .from(deletionRequests)
      .where(eq(deletionRequests.userId, reader.id))
      .orderBy(desc(deletionRequests.createdAt))
      .limit(1),
  ]);
  return {
    available: true,
    blockers,
    pending:
      latest?.status === "pending"
        ? { requestedAt: latest.createdAt.toISOString(), blockers: latest.blockers.filter(isDeletionBlocker) }
        : null,
    declined:
      latest?.status === "declined" && latest.decidedAt
        ? { decidedAt: latest.decidedAt.toISOString(), reason: latest.reason ?? "" }
        : null,
  };
}
