import { eq } from "drizzle-orm";
import { z } from "zod";
import { deletionRequests } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { eraseCustomer, finishErasure } from "./erase-customer.server";
import type { Deps } from "~/lib/services.server";

/**
 * An admin approves a customer's deletion request from the work queue (admins only: staff 403): the customer is
 * erased as by their own deletion, the request going with the account; a payment still waiting for review is closed
 * without review (the queue's dialog says so). Audited by the erasure (`customer.delete`, by an admin, requested).
 * A request already answered is refused (409), one that is not there (or, from a customer's page, not that
 * customer's: `customerId`) 404.
 */
export async function approveDeletionRequest(
  deps: Pick<Deps, "db" | "bus" | "storage" | "outboxDir">,
  actor: Actor | null,
  input: { requestId: string; customerId?: string },
): Promise<void> {
  const admin = requireAdminActor(actor);
  if (!z.uuid().safeParse(input.requestId).success) throw new AppError("deletion_request_not_found");
  const erasure = await deps.db.transaction(async (tx) => {
    const [request] = await tx
      .select({ userId: deletionRequests.userId, status: deletionRequests.status })
      .from(deletionRequests)
      .where(eq(deletionRequests.id, input.requestId))
      .for("update");
    if (!request || (input.customerId !== undefined && request.userId !== input.customerId))
      throw new AppError("deletion_request_not_found");
    if (request.status !== "pending") throw new AppError("deletion_request_decided");
    return eraseCustomer(tx, request.userId, {
      kind: "admin",
      adminId: admin.id,
      reason: null,
      requestId: input.requestId,
    });
  });
  await finishErasure(deps, erasure);
}
