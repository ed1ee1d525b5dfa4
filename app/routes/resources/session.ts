import { isTeam } from "~/lib/auth/actor-guards";
import { sessionUser } from "~/lib/auth/route-guards.server";
import type { Route } from "./+types/session";

/**
 * Who the browser is signed in as (used by the admin login and the live stream's reconnect check). `isTeam` is
 * the account's kind: a member who must still enrol in two-factor is one (the admin pages send them to enrolment).
 */
export function loader({ context }: Route.LoaderArgs) {
  const user = sessionUser(context);
  return Response.json(
    { user: user ? { id: user.id, isTeam: isTeam(user) || user.mustEnrolTwoFactor } : null },
    { headers: { "Cache-Control": "no-store" } },
  );
}
