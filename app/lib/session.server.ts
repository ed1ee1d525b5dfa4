import { eq } from "drizzle-orm";
import { profiles, session as sessions } from "~db/schema";
import type { Auth } from "./auth.server";
import type { Db } from "./db.server";
import { isAdmin } from "./roles.server";
import type { SessionUser } from "./session";
import { limitsFor, sessionDeadline, sessionExpired, touchIntervalMs } from "./session-policy";

export { adminIds, isAdmin } from "./roles.server";

export interface LoadSessionOptions {
  /** The time to judge the session's limits at; tests move it. */
  now?: Date;
}

/**
 * Reads the session from the request's cookies; also returns any cookie to set. Enforces the session
 * limits for the user's role (docs/decisions/012): a session past its idle or absolute limit is deleted
 * and the request is treated as signed out; a live one has its last use recorded (at most once a minute).
 */
export async function loadSessionUser(
  auth: Auth,
  db: Db,
  headers: Headers,
  { now = new Date() }: LoadSessionOptions = {},
): Promise<{ user: SessionUser | null; setCookies: string[] }> {
  const { headers: responseHeaders, response } = await auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = responseHeaders?.getSetCookie() ?? [];
  if (!response) return { user: null, setCookies };
  const { user, session } = response;
  const [admin, profile] = await Promise.all([
    isAdmin(db, user.id),
    db.select({ avatarUrl: profiles.avatarUrl, fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, user.id)),
  ]);
  const limits = limitsFor(await auth.sessionPolicy(), admin);
  const createdAt = new Date(session.createdAt);
  const lastUsedAt = new Date(session.updatedAt);
  if (sessionExpired(limits, { createdAt, lastUsedAt }, now)) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return { user: null, setCookies: [...setCookies, await clearedSessionCookie(auth)] };
  }
  if (now.getTime() - lastUsedAt.getTime() >= touchIntervalMs(limits)) {
    await db
      .update(sessions)
      .set({ updatedAt: now, expiresAt: sessionDeadline(limits, { createdAt, lastUsedAt: now }) })
      .where(eq(sessions.id, session.id));
  }
  return {
    user: {
      id: user.id,
      email: user.email,
      name: profile[0]?.fullName ?? user.name,
      image: profile[0]?.avatarUrl ?? user.image ?? null,
      isAdmin: admin,
      twoFactorEnabled: user.twoFactorEnabled === true,
      language: typeof user.language === "string" ? user.language : null,
    },
    setCookies,
  };
}

/** Tells the browser to drop the session cookie, with the attributes Better Auth set it with. */
async function clearedSessionCookie(auth: Auth): Promise<string> {
  const { name, attributes } = (await auth.$context).authCookies.sessionToken;
  const parts = [`${name}=`, "Max-Age=0", `Path=${attributes.path ?? "/"}`];
  if (attributes.httpOnly) parts.push("HttpOnly");
  if (attributes.secure) parts.push("Secure");
  if (attributes.sameSite) parts.push(`SameSite=${String(attributes.sameSite).replace(/^./, (c) => c.toUpperCase())}`);
  return parts.join("; ");
}
