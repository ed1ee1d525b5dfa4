import { sessionUser } from "~/lib/auth/route-guards.server";
import type { Route } from "./+types/session";

/**
 * Who the browser is signed in as (used by the admin login and the live stream's reconnect check). `isAdmin` is
 * the account's kind: an admin who must still enrol in two-factor is one (the admin pages send them to enrolment).
 */
export function loader({ context }: Route.LoaderArgs) {
  const user = sessionUser(context);
  return Response.json(
    { user: user ? { id: user.id, isAdmin: user.isAdmin || user.mustEnrolTwoFactor } : null },
    { headers: { "Cache-Control": "no-store" } },
  );
}
