import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { AppError } from "../http/app-error";
import { loaderFailure } from "../http/error-answer.server";
import { requestContext } from "../http/request-context.server";
import { ACCESS_DENIED_FLAG, ADMIN_LOGIN, ADMIN_TWO_FACTOR_SETUP, CUSTOMER_LOGIN } from "../http/paths";
import { isTeam } from "./actor-guards";
import type { SessionUser } from "./session";

export function requireUser(context: Readonly<RouterContextProvider>, loginPath = CUSTOMER_LOGIN): SessionUser {
  const { user } = requestContext(context);
  if (!user) throw redirect(loginPath);
  return user;
}

/**
 * The back office's guard, on the server for every admin page and action: no session goes to the admin login;
 * a signed-in customer (or a deactivated member) is signed out and sent there with 'Access Denied'; while the
 * Security setting Two-Factor is on, a team member who has not enrolled is sent to enrolment instead of any admin
 * page. Admins and staff pass; the admin-only pages and every use case check the role again.
 */
export async function requireTeamMember(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SessionUser> {
  const user = requireUser(context, ADMIN_LOGIN);
  if (user.mustEnrolTwoFactor) throw redirect(ADMIN_TWO_FACTOR_SETUP);
  if (isTeam(user)) return user;
  const { headers } = await requestContext(context).services.auth.api.signOut({
    headers: request.headers,
    returnHeaders: true,
  });
  throw redirect(`${ADMIN_LOGIN}?${ACCESS_DENIED_FLAG}=1`, { headers });
}

/**
 * The admin-only pages (settings and the team, analytics, the activity log), after the back office's guard: a staff
 * member gets 403 before any loader or action runs.
 */
export const adminOnly: MiddlewareFunction<Response> = ({ context }, next) => {
  const { user, i18n } = requestContext(context);
  if (!user?.isAdmin) loaderFailure(new AppError("forbidden"), i18n);
  return next();
};
