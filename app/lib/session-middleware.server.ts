import type { MiddlewareFunction } from "react-router";
import { servicesIfRunning } from "./public-settings.server";
import { sessionUserContext } from "./services.server";
import { loadSessionUser } from "./session.server";

/** Loads the session once per request into the router context, and passes on any refreshed cookie. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // Build-time pre-rendering (the landing page) runs without services and without a visitor: signed out.
  const services = servicesIfRunning(context);
  if (!services) return next();
  const { auth, database } = services;
  const { user, setCookies } = await loadSessionUser(auth, database.db, request.headers);
  context.set(sessionUserContext, user);
  const response = await next();
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
};
