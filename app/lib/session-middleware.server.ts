import type { MiddlewareFunction } from "react-router";
import { loadSessionUser } from "~/features/users/users.server";
import { servicesContext, sessionUserContext } from "./services.server";

/** Loads the session once per request into the router context, and passes on any refreshed cookie. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { auth, database } = context.get(servicesContext);
  const { user, setCookies } = await loadSessionUser(auth, database.db, request.headers);
  context.set(sessionUserContext, user);
  const response = await next();
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
};
