import type { MiddlewareFunction } from "react-router";
import { servicesIfRunning } from "../config/public-settings.server";
import { sessionUserContext, type Services } from "../services.server";
import type { SessionUser } from "./session";
import { SESSION_TABLES, SessionCache } from "./session-cache";
import { loadSessionUser } from "./session.server";

/** How long a read request may reuse the session user a previous read of the same cookie loaded (decision 025). */
const SESSION_CACHE_MS = 2_000;

/** A signed-in request's session: who, and which session (the live stream watches it). */
interface CachedSession {
  user: SessionUser;
  sessionId: string;
}

const caches = new WeakMap<Services, SessionCache<CachedSession>>();

/** The services' session cache; cleared by any change to sessions, roles or profiles, from any instance. */
function cacheFor(services: Services): SessionCache<CachedSession> {
  let cache = caches.get(services);
  if (!cache) {
    const created = new SessionCache<CachedSession>(SESSION_CACHE_MS);
    services.bus.subscribe((change) => {
      if (SESSION_TABLES.has(change.table)) created.clear();
    });
    caches.set(services, created);
    cache = created;
  }
  return cache;
}

/** Forgets every cached session user: the auth handler (sign-in, sign-out, password changes) calls it. */
export function forgetCachedSessions(services: Services): void {
  caches.get(services)?.clear();
}

const isRead = (method: string) => method === "GET" || method === "HEAD";

/**
 * The request's session user, through the services' short-lived cache for reads: the one way pages and the
 * Express endpoints (file downloads, the live stream) read the session. `sessionId` is the signed-in session's;
 * `setCookies` are the refreshed cookies to pass on; `done` is called once the request has been answered.
 */
export async function readSessionUser(
  services: Services,
  method: string,
  headers: Headers,
): Promise<{ user: SessionUser | null; sessionId?: string; setCookies: string[]; done: () => void }> {
  const cache = cacheFor(services);
  const cookie = headers.get("cookie");
  const read = isRead(method);
  // Any write may change what a session user holds (a role, a name, the session itself): nothing cached survives it.
  if (!read) cache.clear();
  const done = read ? () => {} : () => cache.clear();
  const cached = read && cookie ? cache.get(cookie) : undefined;
  if (cached) return { ...cached, setCookies: [], done };
  const load = () => loadSessionUser(services.auth, services.db, headers);
  const { user, sessionId, setCookies } = read && cookie ? await cache.shared(cookie, load) : await load();
  if (read && cookie && user && sessionId && setCookies.length === 0) cache.set(cookie, { user, sessionId });
  return { user, sessionId, setCookies, done };
}

/** Loads the session once per request into the router context, and passes on any refreshed cookie. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // Build-time pre-rendering (the landing page) runs without services and without a visitor: signed out.
  const services = servicesIfRunning(context);
  if (!services) return next();
  const { user, setCookies, done } = await readSessionUser(services, request.method, request.headers);
  context.set(sessionUserContext, user);
  const response = await next();
  done();
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
};
