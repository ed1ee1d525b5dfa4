import { isStaff } from "~/lib/auth/actor-guards";
import { teamStanding } from "~/lib/auth/roles.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { SessionUser, TeamRole } from "~/lib/auth/session";
import type { Route } from "./+types/session";

/**
 * The account's team role, whatever its enrolment: a member who must still enrol in two-factor has neither the
 * admin's nor the staff member's reach yet, so their role is read from the team table (the only extra read).
 */
async function teamRole(context: Route.LoaderArgs["context"], user: SessionUser): Promise<TeamRole | null> {
  if (user.isAdmin) return "admin";
  if (isStaff(user)) return "staff";
  if (!user.mustEnrolTwoFactor) return null;
  return (await teamStanding(requestContext(context).services.db, user.id))?.role ?? null;
}

/**
 * Who the browser is signed in as (used by the admin login and the live stream's reconnect check): the caller's
 * own id, name and team role. `isTeam` is the account's kind: a member who must still enrol in two-factor is one
 * (the admin pages send them to enrolment).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = requestContext(context);
  const role = user ? await teamRole(context, user) : null;
  return Response.json(
    { user: user ? { id: user.id, name: user.name, isTeam: role !== null, role } : null },
    { headers: { "Cache-Control": "no-store" } },
  );
}
