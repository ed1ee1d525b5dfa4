import { and, asc, eq, isNull } from "drizzle-orm";
import { user, userRoles } from "~db/schema";
import type { TeamRole } from "~/lib/auth/session";
import type { Executor } from "~/lib/db/db.server";

/** The change an invitation's write publishes: the admins' open Team tabs reload (admins see every change). */
export const INVITATIONS_TABLE = "team_invitations";
/** The change a member's role or state publishes, under their id: their own open page reloads too. */
export const ROLES_TABLE = "user_roles";

/**
 * The active admins, their rows locked until the transaction ends: two admins demoting or deactivating each other
 * at the same moment take turns here, and the second sees the first's change, so the team never ends up with none.
 * Locked in one order, so two such transactions cannot deadlock.
 */
export async function lockActiveAdmins(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.role, "admin"), isNull(userRoles.deactivatedAt)))
    .orderBy(asc(userRoles.userId))
    .for("update");
  return rows.map((row) => row.userId);
}

/** A member's row on the team, locked until the transaction ends, with their address (the audit's detail); none: not a member. */
export async function lockMember(tx: Executor, memberId: string) {
  const [row] = await tx
    .select({ role: userRoles.role, deactivatedAt: userRoles.deactivatedAt, email: user.email })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(eq(userRoles.userId, memberId))
    .for("update", { of: userRoles });
  return row ? { ...row, role: row.role as TeamRole } : undefined;
}
