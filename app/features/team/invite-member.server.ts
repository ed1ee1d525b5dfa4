import { teamInvitations } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor, TeamRole } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import type { Locale } from "~/lib/i18n/locales";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { hasAccount, newInvitationToken, queueInvitationEmail } from "./invitations.server";
import { INVITATIONS_TABLE } from "./team-deps.server";
import { invitationExpiry } from "./team-views";
import { INVITE_MEMBER_INTENT, inviteMemberSchema } from "./team.schemas";
import type { Deps } from "~/lib/services.server";

export interface InviteMemberInput {
  email: string;
  role: TeamRole;
  /** The language of the invitation e-mail: the inviting admin's (the invitee has no account to have chosen one). */
  language: Locale;
}

/**
 * Invites someone to the team (admins only): an address that already has an account, or an open invitation, is
 * refused. The invitation (its token's hash), its e-mail with the link and the audit event `team.invite` are written
 * in one transaction; the link works once, for seven days.
 */
export async function inviteMember(
  deps: Pick<Deps, "db" | "bus" | "siteUrl">,
  actor: Actor | null,
  input: InviteMemberInput,
): Promise<{ invitationId: string }> {
  const admin = requireAdminActor(actor);
  const parsed = inviteMemberSchema.safeParse({ intent: INVITE_MEMBER_INTENT, email: input.email, role: input.role });
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { email, role } = parsed.data;
  const { token, tokenHash } = newInvitationToken();
  const invitationId = await deps.db.transaction(async (tx) => {
    if (await hasAccount(tx, email)) throw new AppError("email_taken");
    // The unique index on open invitations answers a second invitation, this one's or a concurrent one's.
    const [row] = await tx
      .insert(teamInvitations)
      .values({ email, role, tokenHash, invitedBy: admin.id, expiresAt: invitationExpiry(new Date()) })
      .onConflictDoNothing()
      .returning({ id: teamInvitations.id });
    if (!row) throw new AppError("invitation_pending");
    await queueInvitationEmail(tx, deps, { email, role, token, invitedBy: admin.id, language: input.language });
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "team.invite",
      detail: { invitationId: row.id, email, role },
    });
    return row.id;
  });
  await publishChanges(deps.bus, [{ table: INVITATIONS_TABLE, userId: admin.id }]);
  return { invitationId };
}
