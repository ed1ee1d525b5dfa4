import { and, asc, desc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import { auditEvents, profiles, teamInvitations, user, userRoles } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Actor, TeamRole } from "~/lib/auth/session";
import type { Executor } from "~/lib/db/db.server";
import { INVITATION_LIFETIME_MS, type TeamView } from "./team-views";
import type { Deps } from "~/lib/services.server";

/**
 * The Team tab (admins only): every member, active ones first, and the invitations still open, newest first.
 * A member's last sign-in is read from the sign-in records, which outlive the session (a sign-out or an expiry
 * deletes that).
 */
export async function listTeam(deps: Pick<Deps, "db">, actor: Actor | null, now = new Date()): Promise<TeamView> {
  requireAdminActor(actor);
  const [members, invitations] = await Promise.all([
    deps.db
      .select({
        id: userRoles.userId,
        role: userRoles.role,
        deactivatedAt: userRoles.deactivatedAt,
        email: user.email,
        accountName: user.name,
        fullName: profiles.fullName,
        twoFactorEnabled: user.twoFactorEnabled,
      })
      .from(userRoles)
      .innerJoin(user, eq(user.id, userRoles.userId))
      .leftJoin(profiles, eq(profiles.id, userRoles.userId))
      .orderBy(
        sql`${userRoles.deactivatedAt} is not null`,
        asc(sql`lower(coalesce(${profiles.fullName}, ${user.name}))`),
        asc(userRoles.userId),
      ),
    deps.db
      .select({
        id: teamInvitations.id,
        email: teamInvitations.email,
        role: teamInvitations.role,
        expiresAt: teamInvitations.expiresAt,
      })
      .from(teamInvitations)
      .where(and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
      .orderBy(desc(teamInvitations.expiresAt), asc(teamInvitations.id)),
  ]);
  const lastSignIns = await latestSignIns(
    deps.db,
    members.map((member) => member.id),
  );
  return {
    members: members.map((member) => ({
      id: member.id,
      name: member.fullName || member.accountName || member.email,
      email: member.email,
      role: member.role as TeamRole,
      twoFactorEnabled: member.twoFactorEnabled === true,
      lastSignInAt: lastSignIns.get(member.id)?.toISOString() ?? null,
      active: member.deactivatedAt === null,
    })),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role as TeamRole,
      // A resend starts the seven days again: the invitation was last sent when they began.
      sentAt: new Date(invitation.expiresAt.getTime() - INVITATION_LIFETIME_MS).toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
      expired: invitation.expiresAt.getTime() <= now.getTime(),
    })),
  };
}

/** Each member's latest successful sign-in (the password step without two-factor, else the code step). */
async function latestSignIns(db: Executor, memberIds: string[]): Promise<Map<string, Date>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ id: auditEvents.actorId, at: max(auditEvents.createdAt) })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, "account.sign-in"),
        inArray(auditEvents.actorId, memberIds),
        sql`${auditEvents.detail}->>'outcome' = 'success'`,
      ),
    )
    .groupBy(auditEvents.actorId);
  return new Map(rows.flatMap((row) => (row.id && row.at ? [[row.id, new Date(row.at)] as const] : [])));
}
