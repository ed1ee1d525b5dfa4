import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Actor } from "~/lib/auth/session";
import { intentHandler } from "~/lib/http/intent-handler.server";
import type { Locale } from "~/lib/i18n/locales";
import type { Services } from "~/lib/services.server";
import { changeMemberRole } from "./change-member-role.server";
import { deactivateMember } from "./deactivate-member.server";
import { inviteMember } from "./invite-member.server";
import { reactivateMember } from "./reactivate-member.server";
import { resendInvitation } from "./resend-invitation.server";
import { revokeInvitation } from "./revoke-invitation.server";
import {
  CHANGE_MEMBER_ROLE_INTENT,
  changeMemberRoleSchema,
  DEACTIVATE_MEMBER_INTENT,
  deactivateMemberSchema,
  INVITE_MEMBER_INTENT,
  inviteMemberSchema,
  REACTIVATE_MEMBER_INTENT,
  reactivateMemberSchema,
  RESEND_INVITATION_INTENT,
  resendInvitationSchema,
  REVOKE_INVITATION_INTENT,
  revokeInvitationSchema,
  type TEAM_INTENTS,
} from "./team.schemas";

type TeamIntent = (typeof TEAM_INTENTS)[number];

/**
 * What each of the Team tab's forms does: its fields parsed by its schema, then its use case; a refusal answers
 * its message in the request's language, a success the toast's text.
 */
export function teamIntentHandlers(
  services: Pick<Services, "database" | "bus" | "env">,
  actor: Actor | null,
  { i18n, locale }: { i18n: I18n; locale: Locale },
): Record<TeamIntent, (form: FormData) => Promise<unknown>> {
  const deps = { db: services.database.db, bus: services.bus, siteUrl: services.env.SITE_URL };
  const handle = intentHandler(i18n);
  return {
    [INVITE_MEMBER_INTENT]: handle(inviteMemberSchema, async ({ email, role }) => {
      await inviteMember(deps, actor, { email, role, language: locale });
      return {
        ok: true,
        title: i18n._(msg`Invitation sent`),
        message: i18n._(msg`${email} receives a link to join the team.`),
      };
    }),
    [RESEND_INVITATION_INTENT]: handle(resendInvitationSchema, async ({ invitationId }) => {
      await resendInvitation(deps, actor, { invitationId, language: locale });
      return {
        ok: true,
        title: i18n._(msg`Invitation sent again`),
        message: i18n._(msg`The link sent before no longer works.`),
      };
    }),
    [REVOKE_INVITATION_INTENT]: handle(revokeInvitationSchema, async ({ invitationId }) => {
      await revokeInvitation(deps, actor, { invitationId });
      return { ok: true, title: i18n._(msg`Invitation revoked`) };
    }),
    [CHANGE_MEMBER_ROLE_INTENT]: handle(changeMemberRoleSchema, async ({ memberId, role }) => {
      await changeMemberRole(deps, actor, { memberId, role });
      return { ok: true, title: i18n._(msg`Role changed`) };
    }),
    [DEACTIVATE_MEMBER_INTENT]: handle(deactivateMemberSchema, async ({ memberId }) => {
      await deactivateMember(deps, actor, { memberId });
      return {
        ok: true,
        title: i18n._(msg`Member deactivated`),
        message: i18n._(msg`They are signed out and can no longer sign in.`),
      };
    }),
    [REACTIVATE_MEMBER_INTENT]: handle(reactivateMemberSchema, async ({ memberId }) => {
      await reactivateMember(deps, actor, { memberId });
      return { ok: true, title: i18n._(msg`Member reactivated`), message: i18n._(msg`They can sign in again.`) };
    }),
  };
}
