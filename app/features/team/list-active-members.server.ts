import { asc, eq, isNull } from "drizzle-orm";
import { profiles, userRoles } from "~db/schema";
import { requireTeamActor } from "~/lib/auth/actor-guards";
import type { Actor, TeamRole } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";

/** A team member one may assign a customer to. */
export interface ActiveMember {
  id: string;
  name: string;
  role: TeamRole;
}

/** The active team members by name (the 'Assigned to' choices); the team only. */
export async function listActiveMembers({ db }: Pick<Deps, "db">, actor: Actor | null): Promise<ActiveMember[]> {
  requireTeamActor(actor);
  const rows = await db
    .select({ id: userRoles.userId, name: profiles.fullName, role: userRoles.role })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(isNull(userRoles.deactivatedAt))
    .orderBy(asc(profiles.fullName), asc(userRoles.userId));
  return rows.map((row) => ({ ...row, role: row.role as TeamRole }));
}
