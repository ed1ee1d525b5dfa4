import { redirect, type RouterContextProvider } from "react-router";
import { ACCESS_DENIED_FLAG, ADMIN_LOGIN, ADMIN_TWO_FACTOR_SETUP, CUSTOMER_LOGIN } from "../http/paths";
import { servicesContext, sessionUserContext } from "../services.server";
import type { SessionUser } from "./session";


export function services(context: Readonly<RouterContextProvider>) {
  return context.get(servicesContext);
}

export function sessionUser(context: Readonly<RouterContextProvider>): SessionUser | null {
  return context.get(sessionUserContext);
}

export function requireUser(context: Readonly<RouterContextProvider>, loginPath = CUSTOMER_LOGIN): SessionUser {
  const user = sessionUser(context);
  if (!user) throw redirect(loginPath);
  return user;
}

/**
 * The admin guard, on the server for every admin page and action: no session goes to the admin login;
 * a signed-in non-admin is signed out and sent there with 'Access Denied'; while the Security setting
 * Two-Factor is on, an admin who has not enrolled is sent to enrolment instead of any admin page.
 */
export async function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<SessionUser> {
  const user = requireUser(context, ADMIN_LOGIN);
  if (user.mustEnrolTwoFactor) throw redirect(ADMIN_TWO_FACTOR_SETUP);
  if (user.isAdmin) return user;
  const { headers } = await services(context).auth.api.signOut({ headers: request.headers, returnHeaders: true });
  throw redirect(`${ADMIN_LOGIN}?${ACCESS_DENIED_FLAG}=1`, { headers });
}
