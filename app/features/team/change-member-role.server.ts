import { eq } from "drizzle-orm";
import { z } from "zod";
import { userRoles } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { assignedCustomerIds } from "~/lib/auth/roles.server";
import type { Actor, TeamRole } from "~/lib/auth/session";
import { revokeReplyAddresses } from "~/lib/email/reply-address.server";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { lockActiveAdmins, lockMember, ROLES_TABLE } from "./team-deps.server";
import { leavesNoActiveAdmin } from "./team-views";
import { TEAM_ROLE_CHOICES } from "./team.schemas";
import type { Deps } from "~/lib/services.server";

/**
 * Makes a member an admin or staff (admins only; an admin may demote themself while another active admin remains).
 * The last active admin is never demoted. Audited (`team.change-role`); the member's open page reloads with the new
 * role. A staff member keeps their assigned customers either way; an admin made staff loses the reply addresses of
 * the conversations of every other customer.
 */
export async function changeMemberRole(
  deps: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { memberId: string; role: TeamRole },
): Promise<void> {
  const admin = requireAdminActor(actor);
  if (!(TEAM_ROLE_CHOICES as readonly string[]).includes(input.role)) throw new AppError("invalid_input");
  if (!z.uuid().safeParse(input.memberId).success) throw new AppError("member_not_found");
  const changed = await deps.db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const member = await lockMember(tx, input.memberId);
    if (!member) throw new AppError("member_not_found");
    if (member.role === input.role) return false;
    if (leavesNoActiveAdmin(admins, input.memberId, { role: input.role })) throw new AppError("last_admin");
    await tx.update(userRoles).set({ role: input.role }).where(eq(userRoles.userId, input.memberId));
    if (input.role === "staff")
      await revokeReplyAddresses(tx, input.memberId, {
        exceptCustomerIds: await assignedCustomerIds(tx, input.memberId),
      });
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "team.change-role",
      detail: { memberId: input.memberId, email: member.email, from: member.role, role: input.role },
    });
    return true;
  });
  if (changed) await publishChanges(deps.bus, [{ table: ROLES_TABLE, userId: input.memberId }]);
}
