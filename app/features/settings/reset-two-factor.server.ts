import { and, eq, inArray, isNull } from "drizzle-orm";
import { profiles, session, twoFactor, user, userRoles } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { teamStanding } from "~/lib/auth/roles.server";
import type { Actor } from "~/lib/auth/session";
import type { AdminTwoFactorView } from "./two-factor-views";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

/**
 * Resets another team member's two-factor (admins only; one's own is not reset here): the secret and backup codes
 * are deleted, the account's two-factor turned off and its sessions ended, in one transaction with the audit
 * event `two-factor.reset`; after the commit their open pages and live streams learn that their sessions are gone.
 * While the Security setting is on, that member enrols again at the next sign-in.
 */
export async function resetTwoFactor(
  deps: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { userId: string },
): Promise<void> {
  const admin = requireAdminActor(actor);
  if (input.userId === admin.id) throw new AppError("own_two_factor_reset");
  await deps.db.transaction(async (tx) => {
    if (!(await teamStanding(tx, input.userId))?.active) throw new AppError("admin_not_found");
    const [target] = await tx
      .select({ enabled: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.id, input.userId))
      .for("update");
    if (!target) throw new AppError("admin_not_found");
    await tx.delete(twoFactor).where(eq(twoFactor.userId, input.userId));
    await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, input.userId));
    await tx.delete(session).where(eq(session.userId, input.userId));
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "two-factor.reset",
      detail: { adminId: input.userId, wasEnabled: target.enabled === true },
    });
  });
  await publishChanges(deps.bus, [{ table: "session", userId: input.userId }]);
}

/** The active team members and whether each has two-factor, for the Security tab (admins only). */
export async function listAdminTwoFactor(deps: Pick<Deps, "db">, actor: Actor | null): Promise<AdminTwoFactorView[]> {
  requireAdminActor(actor);
  const ids = (
    await deps.db.select({ id: userRoles.userId }).from(userRoles).where(isNull(userRoles.deactivatedAt))
  ).map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await deps.db
    .select({ id: user.id, email: user.email, name: profiles.fullName, enabled: user.twoFactorEnabled })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(and(inArray(user.id, ids)))
    .orderBy(user.email);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name ?? row.email,
    twoFactorEnabled: row.enabled === true,
  }));
}
