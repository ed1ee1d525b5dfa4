import { eq } from "drizzle-orm";
import { z } from "zod";
import { customerAssignments, session, userRoles } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { revokeReplyAddresses } from "~/lib/email/reply-address.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { lockActiveAdmins, lockMember, ROLES_TABLE } from "./team-deps.server";
import { leavesNoActiveAdmin } from "./team-views";
import type { Deps } from "~/lib/services.server";

/**
 * Deactivates a member (admins only, never oneself, never the last active admin): they can no longer sign in, every
 * session of theirs ends, their customers are no longer assigned to them and the reply addresses e-mailed to them
 * stop working (a reactivated member gets new ones with the next message e-mails). The account stays, so their past work
 * keeps their name. Audited (`team.deactivate`); their open page reloads and lands on the login.
 */
export async function deactivateMember(
  deps: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { memberId: string },
): Promise<void> {
  const admin = requireAdminActor(actor);
  if (!z.uuid().safeParse(input.memberId).success) throw new AppError("member_not_found");
  if (input.memberId === admin.id) throw new AppError("own_deactivation");
  const changed = await deps.db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const member = await lockMember(tx, input.memberId);
    if (!member) throw new AppError("member_not_found");
    if (member.deactivatedAt) return false;
    if (leavesNoActiveAdmin(admins, input.memberId, { deactivate: true })) throw new AppError("last_admin");
    await tx.update(userRoles).set({ deactivatedAt: new Date() }).where(eq(userRoles.userId, input.memberId));
    const sessions = await tx.delete(session).where(eq(session.userId, input.memberId)).returning({ id: session.id });
    const assignments = await tx
      .delete(customerAssignments)
      .where(eq(customerAssignments.memberId, input.memberId))
      .returning({ customerId: customerAssignments.customerId });
    await revokeReplyAddresses(tx, input.memberId);
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "team.deactivate",
      detail: {
        memberId: input.memberId,
        email: member.email,
        role: member.role,
        sessions: sessions.length,
        assignments: assignments.length,
      },
    });
    return true;
  });
  if (changed) {
    await publishChanges(deps.bus, [
      { table: ROLES_TABLE, userId: input.memberId },
      { table: "session", userId: input.memberId },
    ]);
  }
}
