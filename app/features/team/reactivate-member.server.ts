import { eq } from "drizzle-orm";
import { z } from "zod";
import { userRoles } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { lockMember, ROLES_TABLE } from "./team-deps.server";
import type { Deps } from "~/lib/services.server";

/**
 * Lets a deactivated member sign in again, with the role they had (admins only). Customers taken from them at
 * deactivation are not given back: an admin assigns again. Audited (`team.reactivate`).
 */
export async function reactivateMember(
  deps: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { memberId: string },
): Promise<void> {
  const admin = requireAdminActor(actor);
  if (!z.uuid().safeParse(input.memberId).success) throw new AppError("member_not_found");
  const changed = await deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, input.memberId);
    if (!member) throw new AppError("member_not_found");
    if (!member.deactivatedAt) return false;
    await tx.update(userRoles).set({ deactivatedAt: null }).where(eq(userRoles.userId, input.memberId));
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "team.reactivate",
      detail: { memberId: input.memberId, email: member.email, role: member.role },
    });
    return true;
  });
  if (changed) await publishChanges(deps.bus, [{ table: ROLES_TABLE, userId: input.memberId }]);
}
