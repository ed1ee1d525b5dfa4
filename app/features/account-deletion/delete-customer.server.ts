import { z } from "zod";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { DELETION_REASON_MAX, isDeletionWord } from "./account-deletion";
import { eraseCustomer, finishErasure } from "./erase-customer.server";
import type { Deps } from "~/lib/services.server";

/**
 * An admin deletes a customer from their page (admins only: staff 403, even on a customer assigned to them), with a
 * reason and the word DELETE: the same erasure as the customer's own, whatever is pending (a payment waiting for
 * review is closed without review). Audited with the reason (`customer.delete`, by an admin). An id that is no
 * customer's (a team account included) is 404.
 */
export async function deleteCustomer(
  deps: Pick<Deps, "db" | "bus" | "storage" | "outboxDir">,
  actor: Actor | null,
  input: { customerId: string; reason: string; confirmation: string },
): Promise<void> {
  const admin = requireAdminActor(actor);
  if (!z.uuid().safeParse(input.customerId).success) throw new AppError("customer_not_found");
  const reason = input.reason.trim();
  if (!reason || reason.length > DELETION_REASON_MAX)
    throw new AppError("deletion_reason_required", { field: "reason" });
  if (!isDeletionWord(input.confirmation)) throw new AppError("deletion_not_confirmed", { field: "confirmation" });
  const erasure = await deps.db.transaction((tx) =>
    eraseCustomer(tx, input.customerId, { kind: "admin", adminId: admin.id, reason }),
  );
  await finishErasure(deps, erasure);
}
