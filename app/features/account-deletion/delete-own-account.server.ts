import { and, eq } from "drizzle-orm";
import { deletionRequests, profiles } from "~db/schema";
import { confirmPassword } from "~/features/data-export/confirm-password.server";
import { notify } from "~/features/notifications/notify.server";
import { requireActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { isDeletionWord, type DeletionBlocker } from "./account-deletion";
import { readDeletionBlockers } from "./deletion-standing.server";
import { isCustomerAccount } from "~/lib/auth/roles.server";
import { eraseCustomer, finishErasure, type Erasure } from "./erase-customer.server";
import type { Deps } from "~/lib/services.server";

export type OwnDeletionOutcome = { outcome: "deleted" } | { outcome: "requested"; blockers: DeletionBlocker[] };

/**
 * A customer deletes their own account (the Profile page's dialog): their password and the word DELETE. Anonymous
 * 401; a team account 403 (the admins close those, from the team). A wrong word is refused before the password is
 * looked at; the password is checked as the data export checks it (one count of wrong passwords per account, so a
 * stolen session cannot guess it here either), and a wrong one changes nothing.
 *
 * With a payment waiting for review or a paid job in progress, nothing is deleted: a request waits for the agency
 * (one at a time: asking again answers the one waiting), the admins are told, and it is audited. Otherwise the
 * account is erased at once (eraseCustomer), its files removed after the commit and the change published, so the
 * customer's other open pages end.
 */
export async function deleteOwnAccount(
  deps: Pick<Deps, "db" | "auth" | "bus" | "storage" | "outboxDir">,
  actor: Actor | null,
  input: { password: string; confirmation: string; headers: Headers },
): Promise<OwnDeletionOutcome> {
  const customer = requireActor(actor);
  if (!(await isCustomerAccount(deps.db, customer))) throw new AppError("forbidden");
  if (!isDeletionWord(input.confirmation)) throw new AppError("deletion_not_confirmed", { field: "confirmation" });
  await confirmPassword(deps, customer, { password: input.password, headers: input.headers });

  const result = await deps.db.transaction(
    async (tx): Promise<{ outcome: OwnDeletionOutcome; erasure?: Erasure; changes: Change[] }> => {
      // Their row locked first: a proof sent meanwhile is either counted here or waits for the erasure.
      const [profile] = await tx
        .select({ fullName: profiles.fullName, companyName: profiles.companyName })
        .from(profiles)
        .where(eq(profiles.id, customer.id))
        .for("update");
      if (!profile) throw new AppError("profile_not_found");
      const blockers = await readDeletionBlockers(tx, customer.id);
      if (blockers.length === 0) {
        const erasure = await eraseCustomer(tx, customer.id, { kind: "customer" });
        return { outcome: { outcome: "deleted" }, erasure, changes: erasure.changes };
      }
      const [waiting] = await tx
        .select({ blockers: deletionRequests.blockers })
        .from(deletionRequests)
        .where(and(eq(deletionRequests.userId, customer.id), eq(deletionRequests.status, "pending")));
      if (waiting) return { outcome: { outcome: "requested", blockers }, changes: [] };
      const [request] = await tx
        .insert(deletionRequests)
        .values({ userId: customer.id, blockers })
        .returning({ id: deletionRequests.id });
      const notified = await notify(tx, {
        to: { admins: "profileUpdates" },
        type: "deletion_requested",
        data: { customerId: customer.id, fullName: profile.fullName, companyName: profile.companyName, blockers },
      });
      await recordAuditEvent(tx, {
        actorId: customer.id,
        action: "customer.deletion-request",
        customerId: customer.id,
        detail: { requestId: request!.id, blockers },
      });
      return {
        outcome: { outcome: "requested", blockers },
        changes: [{ table: "deletion_requests", userId: customer.id }, ...notified],
      };
    },
  );

  if (result.erasure) await finishErasure(deps, result.erasure);
  else await publishChanges(deps.bus, result.changes);
  return result.outcome;
}
