import { eq, inArray } from "drizzle-orm";
import { profiles, session as sessions } from "~db/schema";
import type { Auth } from "./auth.server";
import type { Db } from "../db/db.server";
import { activeTeam, assignedCustomerIds, teamStanding } from "./roles.server";
import type { SessionUser, TeamRole } from "./session";
import { limitsFor, sessionDeadline, sessionExpired, touchIntervalMs } from "./session-policy";

export interface LoadSessionOptions {
  /** The time to judge the session's limits at; tests move it. */
  now?: Date;
}

/**
 * Reads the session from the request's cookies; also returns any cookie to set. Enforces the session
 * limits for the user's role (docs/decisions/012; the whole team has the admins' limits): a session past its idle
 * or absolute limit, or a deactivated team member's, is deleted and the request is treated as signed out; a live one
 * has its last use recorded (at most once a minute).
 */
export async function loadSessionUser(
  auth: Auth,
  db: Db,
  headers: Headers,
  { now = new Date() }: LoadSessionOptions = {},
): Promise<{ user: SessionUser | null; setCookies: string[]; sessionId?: string }> {
  const { headers: responseHeaders, response } = await auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = responseHeaders?.getSetCookie() ?? [];
  if (!response) return { user: null, setCookies };
  const { user, session } = response;
  const [standing, profile] = await Promise.all([
    teamStanding(db, user.id),
    db
      .select({ avatarUrl: profiles.avatarUrl, fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.id, user.id)),
  ]);
  const limits = limitsFor(await auth.sessionPolicy(), standing !== null);
  const mustEnrolTwoFactor = standing !== null && user.twoFactorEnabled !== true && (await auth.twoFactorRequired());
  const createdAt = new Date(session.createdAt);
  const lastUsedAt = new Date(session.updatedAt);
  if (standing?.active === false || sessionExpired(limits, { createdAt, lastUsedAt }, now)) {
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
      // The profile's picture, which the server stored; never Better Auth's own `image`, which a client could set.
      image: profile[0]?.avatarUrl ?? null,
      isAdmin: standing?.role === "admin" && !mustEnrolTwoFactor,
      assignedCustomerIds:
        standing?.role === "staff" && !mustEnrolTwoFactor ? await assignedCustomerIds(db, user.id) : null,
      mustEnrolTwoFactor,
      twoFactorEnabled: user.twoFactorEnabled === true,
      language: typeof user.language === "string" ? user.language : null,
    },
    setCookies,
    sessionId: session.id,
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

/** What a batch session check needs of a live stream: its session and what to do with the outcome. */
export interface WatchedSession {
  sessionId: string;
  /** The session is still valid: the user's current team role (null: a customer). */
  stillValid(role: TeamRole | null): void;
  /** The session was deleted (sign-out, password change, deactivation), expired, or passed its role's limits. */
  ended(): void;
}

/**
 * Checks many sessions in a few queries (live streams, docs/decisions/025): the sessions by id, the admins, the
 * session policy once, with the same limits loadSessionUser enforces. One stream's own look-up every minute made
 * 10,000 open streams cost some 170 session look-ups a second.
 */
export async function checkSessions(
  auth: Auth,
  db: Db,
  watched: readonly WatchedSession[],
  now = new Date(),
): Promise<void> {
  if (watched.length === 0) return;
  const [policy, team] = await Promise.all([auth.sessionPolicy(), activeTeam(db)]);
  const found = new Map<string, { userId: string; createdAt: Date; updatedAt: Date; expiresAt: Date }>();
  const ids = [...new Set(watched.map((entry) => entry.sessionId))];
  for (let i = 0; i < ids.length; i += 1_000) {
    const rows = await db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(inArray(sessions.id, ids.slice(i, i + 1_000)));
    for (const row of rows) found.set(row.id, row);
  }
  for (const entry of watched) {
    const row = found.get(entry.sessionId);
    const role = row ? (team.get(row.userId) ?? null) : null;
    const expired =
      !row ||
      new Date(row.expiresAt).getTime() <= now.getTime() ||
      sessionExpired(
        limitsFor(policy, role !== null),
        { createdAt: new Date(row.createdAt), lastUsedAt: new Date(row.updatedAt) },
        now,
      );
    if (expired) entry.ended();
    else entry.stillValid(role);
  }
}
