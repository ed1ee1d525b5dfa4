import { msg } from "@lingui/core/macro";
import { form } from "~/lib/http/actions.server";
import { inviteLead } from "./invite-lead.server";

/**
 * 'Invite to sign up' on a lead's page (`intent=invite-lead`, no fields of its own): the page's spec for its lead,
 * answered 'Invitation sent'.
 */
export function inviteLeadForm(leadId: string) {
  return form({
    run: ({ services, user }) => inviteLead(services, user, { leadId }),
    success: ({ i18n }) => ({
      ok: true as const,
      title: i18n._(msg`Invitation sent`),
      message: i18n._(msg`The lead was e-mailed a link to create their account.`),
    }),
  });
}
