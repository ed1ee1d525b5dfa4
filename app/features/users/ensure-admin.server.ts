import { eq } from "drizzle-orm";
import { profiles, user as users, userRoles } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { StartupError } from "~/lib/config/startup-error";
import { teamStanding } from "~/lib/auth/roles.server";
import { revokeReplyAddresses } from "~/lib/email/reply-address.server";
import type { Deps } from "~/lib/services.server";

export interface EnsureAdminInput {
  email: string;
  password: string;
  /** ADMIN_PROMOTE_EXISTING: an existing non-admin account with this e-mail may be made admin. */
  promoteExisting?: boolean;
  /** ADMIN_NAME: the account's name; unset, a new account is named 'Admin' and an existing one keeps its own. */
  name?: string;
}

/** The actor of start-up work: the operator who set ADMIN_EMAIL, not a signed-in user. */
export type StartupActor = "start-up";

export class AdminPromotionRefused extends StartupError {}

/**
 * Makes sure the ADMIN_EMAIL account exists, has ADMIN_PASSWORD and is an active admin: the operator's way back in
 * whatever the team did to it (made it staff, deactivated it).
 * Goes through Better Auth's own password hashing and account records, not hand-made ones.
 * Promoting an account or changing its password ends all of its sessions and its reply addresses: whoever held
 * one signed in (or read its mail) as the old account, not as the admin. An existing customer account is promoted only when the operator
 * said so (promoteExisting): anyone can register the admin's address before the first start. A name given is the
 * account's from then on (a new name ends no session).
 */
export async function ensureAdmin(
  { auth, db }: Pick<Deps, "db" | "auth">,
  _actor: StartupActor,
  { email, password, promoteExisting = false, name }: EnsureAdminInput,
): Promise<"created" | "updated" | "ready"> {
  const ctx = await auth.$context;
  const normalized = email.toLowerCase();
  const found = await ctx.internalAdapter.findUserByEmail(normalized, { includeAccounts: true });
  if (!found) {
    const user = await ctx.internalAdapter.createUser(
      { email: normalized, name: name ?? "Admin", emailVerified: true },
      { method: "admin" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await ctx.password.hash(password),
    });
    await makeActiveAdmin(db, user.id);
    return "created";
  }

  const userId = found.user.id;
  const standing = await teamStanding(db, userId);
  const promote = standing?.role !== "admin" || !standing.active;
  if (!standing && !promoteExisting) {
    throw new AdminPromotionRefused(
      `ADMIN_EMAIL ${normalized} belongs to an existing customer account. ` +
        "Set ADMIN_PROMOTE_EXISTING=1 to make that account the admin (its password becomes ADMIN_PASSWORD " +
        "and its sessions end), or choose another ADMIN_EMAIL.",
    );
  }
  if (name && name !== found.user.name) await rename(db, userId, name);
  const credential = found.accounts.find((account) => account.providerId === "credential");
  const matches = credential?.password ? await ctx.password.verify({ hash: credential.password, password }) : false;
  if (!matches) {
    const hash = await ctx.password.hash(password);
    if (credential) await ctx.internalAdapter.updatePassword(userId, hash);
    else await ctx.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
  }
  if (promote) await makeActiveAdmin(db, userId);
  if (!promote && matches) return "ready";
  await ctx.internalAdapter.deleteUserSessions(userId);
  await revokeReplyAddresses(db, userId);
  return "updated";
}

/** The name in both places it is kept: the account's (Better Auth) and the profile's, which the pages show. */
async function rename(db: Db, userId: string, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ name }).where(eq(users.id, userId));
    await tx.update(profiles).set({ fullName: name }).where(eq(profiles.id, userId));
  });
}

async function makeActiveAdmin(db: Db, userId: string): Promise<void> {
  await db
    .insert(userRoles)
    .values({ userId, role: "admin" })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role: "admin", deactivatedAt: null } });
}
