import { and, eq } from "drizzle-orm";
import { deletionRequests } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { isCustomerAccount } from "~/lib/auth/roles.server";
import type { Deps } from "~/lib/services.server";

/**
 * A customer takes back their own deletion request while it waits for the agency (the Profile page's 'Withdraw
 * request'): the request is removed, so it leaves the admins' work queue, and the withdrawal is audited
 * (`customer.deletion-withdraw`). Only the caller's own request: there is no id to name another's. Anonymous 401, a team
 * account 403, no request waiting (already answered, or never asked) 404.
 */
export async function withdrawDeletionRequest(deps: Pick<Deps, "db" | "bus">, actor: Actor | null): Promise<void> {
  const customer = requireActor(actor);
  if (!(await isCustomerAccount(deps.db, customer))) throw new AppError("forbidden");
  await deps.db.transaction(async (tx) => {
    const [withdrawn] = await tx
      .delete(deletionRequests)
      .where(and(eq(deletionRequests.userId, customer.id), eq(deletionRequests.status, "pending")))
      .returning({ id: deletionRequests.id });
    if (!withdrawn) throw new AppError("deletion_request_not_found");
    await recordAuditEvent(tx, {
      actorId: customer.id,
      action: "customer.deletion-withdraw",
      customerId: customer.id,
      detail: { requestId: withdrawn.id },
    });
  });
  await publishChanges(deps.bus, [{ table: "deletion_requests", userId: customer.id }]);
}
