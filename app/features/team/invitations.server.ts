import { createHash, randomBytes } from "node:crypto";
import { msg } from "@lingui/core/macro";
import { and, eq, isNull, sql } from "drizzle-orm";
import { href } from "react-router";
import { profiles, teamInvitations, user } from "~db/schema";
import type { TeamRole } from "~/lib/auth/session";
import type { Executor } from "~/lib/db/db.server";
import { queueEmail } from "~/lib/email/email.server";
import { i18nFor } from "~/lib/i18n/instances.server";
import type { Locale } from "~/lib/i18n/locales";
import { TEAM_ROLE_NAMES } from "./team-views";
import type { Deps } from "~/lib/services.server";

/**
 * A new invitation token: 32 random bytes, URL-safe. Only its hash is stored, so a copy of the database opens no
 * invitation.
 */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token as the invitation link carries it; anything else is no token (never reaches the database). */
export function isInvitationToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{20,200}$/.test(token);
}

export function invitationPath(token: string): string {
  // `href` puts a parameter in as it is given, so the token is encoded first.
  return href("/admin/invitations/:token", { token: encodeURIComponent(token) });
}

/**
 * Queues the invitation e-mail in the caller's transaction, in `language`: who invites, the role, and the link
 * (single use, seven days).
 */
export async function queueInvitationEmail(
  tx: Executor,
  { siteUrl }: Pick<Deps, "siteUrl">,
  invitation: { email: string; role: TeamRole; token: string; invitedBy: string; language: Locale },
): Promise<void> {
  const i18n = i18nFor(invitation.language);
  const [inviter] = await tx
    .select({ name: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, invitation.invitedBy));
  const name = inviter?.name ?? "";
  const role = i18n._(TEAM_ROLE_NAMES[invitation.role]);
  const link = `${siteUrl.replace(/\/$/, "")}${invitationPath(invitation.token)}`;
  await queueEmail(tx, {
    to: invitation.email,
    subject: i18n._(msg`You are invited to join the team`),
    text: [
      i18n._(msg`Hello,`),
      name
        ? i18n._(
            msg`${name} invited you to join the team as ${role}. To create your account, open this link (it works once, for 7 days):`,
          )
        : i18n._(
            msg`You are invited to join the team as ${role}. To create your account, open this link (it works once, for 7 days):`,
          ),
      link,
      i18n._(msg`If you did not expect this invitation, ignore this e-mail.`),
    ].join("\n\n"),
    // The link opens the invitation: the log of sent e-mails keeps no copy of it.
    forgetBodyAfterSend: true,
  });
}

/** Whether an account (a customer's or a member's) has this address, compared without case. */
export async function hasAccount(executor: Executor, email: string): Promise<boolean> {
  const [found] = await executor
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1);
  return Boolean(found);
}

/** The open invitation (not accepted, not revoked; expired or not) with this id, locked until the transaction ends. */
export async function lockOpenInvitation(tx: Executor, invitationId: string) {
  const [row] = await tx
    .select()
    .from(teamInvitations)
    .where(
      and(eq(teamInvitations.id, invitationId), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)),
    )
    .for("update");
  return row;
}
