import { eq } from "drizzle-orm";
import { z } from "zod";
import { teamInvitations } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor, TeamRole } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import type { Locale } from "~/lib/i18n/locales";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { hasAccount, lockOpenInvitation, newInvitationToken, queueInvitationEmail } from "./invitations.server";
import { INVITATIONS_TABLE } from "./team-deps.server";
import { invitationExpiry } from "./team-views";
import type { Deps } from "~/lib/services.server";

/**
 * Sends an open invitation again (admins only), expired or not: a new token and seven new days, so the link sent
 * before stops working. The new e-mail, in `language`, and the audit event `team.resend-invite` are written with it.
 */
export async function resendInvitation(
  deps: Pick<Deps, "db" | "bus" | "siteUrl">,
  actor: Actor | null,
  input: { invitationId: string; language: Locale },
): Promise<void> {
  const admin = requireAdminActor(actor);
  if (!z.uuid().safeParse(input.invitationId).success) throw new AppError("invitation_not_found");
  const { token, tokenHash } = newInvitationToken();
  await deps.db.transaction(async (tx) => {
    const invitation = await lockOpenInvitation(tx, input.invitationId);
    if (!invitation) throw new AppError("invitation_not_found");
    // Someone signed up with the address meanwhile: the invitation can no longer be accepted.
    if (await hasAccount(tx, invitation.email)) throw new AppError("email_taken");
    await tx
      .update(teamInvitations)
      .set({ tokenHash, expiresAt: invitationExpiry(new Date()) })
      .where(eq(teamInvitations.id, invitation.id));
    const role = invitation.role as TeamRole;
    await queueInvitationEmail(tx, deps, {
      email: invitation.email,
      role,
      token,
      invitedBy: admin.id,
      language: input.language,
    });
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "team.resend-invite",
      detail: { invitationId: invitation.id, email: invitation.email, role },
    });
  });
  await publishChanges(deps.bus, [{ table: INVITATIONS_TABLE, userId: admin.id }]);
}
