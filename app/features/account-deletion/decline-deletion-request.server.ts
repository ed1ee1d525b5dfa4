import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { deletionRequests } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { DELETION_REASON_MAX } from "./account-deletion";
import type { Deps } from "~/lib/services.server";

/**
 * An admin declines a customer's deletion request (admins only: staff 403), with a reason the customer reads: the
 * request is kept, declined, and the customer is told in-app and by e-mail. Audited (`customer.deletion-decline`).
 * A request already answered is refused (409), one that is not there (or, from a customer's page, not that
 * customer's: `customerId`) 404; a missing reason 400.
 */
export async function declineDeletionRequest(
  deps: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { requestId: string; reason: string; customerId?: string },
): Promise<void> {
  const admin = requireAdminActor(actor);
  if (!z.uuid().safeParse(input.requestId).success) throw new AppError("deletion_request_not_found");
  const reason = input.reason.trim();
  if (!reason || reason.length > DELETION_REASON_MAX)
    throw new AppError("deletion_reason_required", { field: "reason" });
  const ofRequest = and(
    eq(deletionRequests.id, input.requestId),
    input.customerId === undefined ? undefined : eq(deletionRequests.userId, input.customerId),
  );
  const changes = await deps.db.transaction(async (tx) => {
    const [declined] = await tx
      .update(deletionRequests)
      .set({ status: "declined", declineReason: reason, decidedBy: admin.id, decidedAt: new Date() })
      .where(and(ofRequest, eq(deletionRequests.status, "pending")))
      .returning({ userId: deletionRequests.userId });
    if (!declined) {
      const [existing] = await tx.select({ id: deletionRequests.id }).from(deletionRequests).where(ofRequest);
      throw new AppError(existing ? "deletion_request_decided" : "deletion_request_not_found");
    }
    const notified = await notify(tx, {
      to: { customer: declined.userId },
      type: "deletion_declined",
      data: { reason },
    });
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "customer.deletion-decline",
      customerId: declined.userId,
      detail: { requestId: input.requestId, reason },
    });
    return [{ table: "deletion_requests", userId: declined.userId }, ...notified];
  });
  await publishChanges(deps.bus, changes);
}
