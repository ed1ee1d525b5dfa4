import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { customerAssignments, userRoles } from "~db/schema";
import type { Executor } from "../db/db.server";
import { isTeam } from "./actor-guards";
import type { Actor, TeamRole } from "./session";

// Reading roles is infrastructure: the session, the live stream and the use cases all ask it.

/** An account's place on the team: its role, and whether it is active (a deactivated member cannot sign in). */
export interface TeamStanding {
  role: TeamRole;
  active: boolean;
}

/** The account's team role and state; null for a customer. */
export async function teamStanding(db: Executor, userId: string): Promise<TeamStanding | null> {
  const [row] = await db
    .select({ role: userRoles.role, deactivatedAt: userRoles.deactivatedAt })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .limit(1);
  return row ? { role: row.role as TeamRole, active: row.deactivatedAt === null } : null;
}

const active = isNull(userRoles.deactivatedAt);

/** An active admin. */
export async function isAdmin(db: Executor, userId: string): Promise<boolean> {
  const standing = await teamStanding(db, userId);
  return standing?.role === "admin" && standing.active;
}

/** Any team account, active or not: it signs in at the admin login and is never a customer. */
export async function isTeamAccount(db: Executor, userId: string): Promise<boolean> {
  return (await teamStanding(db, userId)) !== null;
}

/**
 * Whether the actor is a customer's own account: the customer-only things a person does for themself (download my
 * data, delete my account) are not a team account's, even one whose session has no team power yet (a member still
 * to enrol in two-factor, a deactivated one), hence the look at the account itself.
 */
export async function isCustomerAccount(db: Executor, actor: Actor): Promise<boolean> {
  return !isTeam(actor) && !(await isTeamAccount(db, actor.id));
}

/** The active admins. */
export async function adminIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.role, "admin"), active));
  return rows.map((row) => row.userId);
}

/** The active team members: id and role (the live streams' batch check). */
export async function activeTeam(db: Executor): Promise<Map<string, TeamRole>> {
  const rows = await db.select({ userId: userRoles.userId, role: userRoles.role }).from(userRoles).where(active);
  return new Map(rows.map((row) => [row.userId, row.role as TeamRole]));
}

/** The customers assigned to a team member. */
export async function assignedCustomerIds(db: Executor, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ id: customerAssignments.customerId })
    .from(customerAssignments)
    .where(eq(customerAssignments.memberId, memberId));
  return rows.map((row) => row.id);
}

/**
 * Who on the team hears of a customer's events: the active admins and the active staff assigned to that customer.
 */
export async function teamFollowing(db: Executor, customerId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: userRoles.userId })
    .from(userRoles)
    .leftJoin(
      customerAssignments,
      and(eq(customerAssignments.memberId, userRoles.userId), eq(customerAssignments.customerId, customerId)),
    )
    .where(
      and(
        active,
        or(
          eq(userRoles.role, "admin"),
          and(eq(userRoles.role, "staff"), eq(customerAssignments.customerId, customerId)),
        ),
      ),
    );
  return rows.map((row) => row.userId);
}

/** The active members among these ids. */
export async function activeMembers(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(inArray(userRoles.userId, [...ids]), active));
  return rows.map((row) => row.userId);
}
