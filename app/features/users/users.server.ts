import { and, eq } from "drizzle-orm";
import { profiles, userRoles } from "~db/schema";
import type { Auth } from "~/lib/auth.server";
import type { Db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session";

export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return rows.length > 0;
}

export async function adminIds(db: Db): Promise<string[]> {
  const rows = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin"));
  return rows.map((row) => row.userId);
}

/** Reads the session from the request's cookies; also returns any cookie Better Auth refreshed. */
export async function loadSessionUser(
  auth: Auth,
  db: Db,
  headers: Headers,
): Promise<{ user: SessionUser | null; setCookies: string[] }> {
  const { headers: responseHeaders, response } = await auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = responseHeaders?.getSetCookie() ?? [];
  if (!response) return { user: null, setCookies };
  const { user } = response;
  const [admin, profile] = await Promise.all([
    isAdmin(db, user.id),
    db.select({ avatarUrl: profiles.avatarUrl, fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, user.id)),
  ]);
  return {
    user: {
      id: user.id,
      email: user.email,
      name: profile[0]?.fullName ?? user.name,
      image: profile[0]?.avatarUrl ?? user.image ?? null,
      isAdmin: admin,
    },
    setCookies,
  };
}

/**
 * Makes sure the ADMIN_EMAIL account exists, has ADMIN_PASSWORD and the admin role.
 * Goes through Better Auth's own password hashing and account records, not hand-made ones.
 */
export async function ensureAdmin(auth: Auth, db: Db, email: string, password: string): Promise<"created" | "updated" | "ready"> {
  const ctx = await auth.$context;
  const normalized = email.toLowerCase();
  let outcome: "created" | "updated" | "ready" = "ready";
  let found = await ctx.internalAdapter.findUserByEmail(normalized, { includeAccounts: true });
  if (!found) {
    const user = await ctx.internalAdapter.createUser(
      { email: normalized, name: "Admin", emailVerified: true },
      { method: "admin" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await ctx.password.hash(password),
    });
    found = { user, accounts: [] };
    outcome = "created";
  } else {
    const credential = found.accounts.find((account) => account.providerId === "credential");
    const matches = credential?.password ? await ctx.password.verify({ hash: credential.password, password }) : false;
    if (!matches) {
      const hash = await ctx.password.hash(password);
      if (credential) await ctx.internalAdapter.updatePassword(found.user.id, hash);
      else
        await ctx.internalAdapter.linkAccount({
          userId: found.user.id,
          providerId: "credential",
          accountId: found.user.id,
          password: hash,
        });
      outcome = "updated";
    }
  }
  const inserted = await db
    .insert(userRoles)
    .values({ userId: found.user.id, role: "admin" })
    .onConflictDoNothing()
    .returning();
  if (inserted.length > 0 && outcome === "ready") outcome = "updated";
  return outcome;
}
