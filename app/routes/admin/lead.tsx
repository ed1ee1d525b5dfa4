import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { isRouteErrorResponse, Link, redirect } from "react-router";
import { PageTitle } from "~/components/nav-shell";
import { Card } from "~/components/ui/card";
import { addLeadNote } from "~/features/leads/add-lead-note.server";
import { assignLead } from "~/features/leads/assign-lead.server";
import { changeLeadStage } from "~/features/leads/change-lead-stage.server";
import { LeadPage } from "~/features/leads/components/lead-page";
import { deleteLead } from "~/features/leads/delete-lead.server";
import { getLead } from "~/features/leads/get-lead.server";
import {
  ADD_LEAD_NOTE_INTENT,
  addLeadNoteSchema,
  ASSIGN_LEAD_INTENT,
  assignLeadSchema,
  CHANGE_LEAD_STAGE_INTENT,
  changeLeadStageSchema,
  DELETE_LEAD_INTENT,
  deleteLeadSchema,
  INVITE_LEAD_INTENT,
} from "~/features/leads/lead-actions.schemas";
import { InviteLeadButton } from "~/features/leads/components/invite-lead-button";
import { inviteLeadForm } from "~/features/leads/invite-lead.form.server";
import { listActiveMembers } from "~/features/team/list-active-members.server";
import { form, intentAction } from "~/lib/http/actions.server";
import { loaderFailure } from "~/lib/http/error-answer.server";
import { LEAD_LIST } from "~/lib/http/paths";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/lead";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.lead.name ?? "Lead" }];

// The admin layout's middleware has already refused everyone but the team; getLead checks again (a staff member on a
// lead not assigned to them, or a lead that is not there: 404).
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, user: actor, i18n } = requestContext(context);
  try {
    const [lead, members] = await Promise.all([
      getLead(services, actor, params.leadId),
      actor?.isAdmin ? listActiveMembers(services, actor) : null,
    ]);
    return {
      lead,
      members: members?.map(({ id, name }) => ({ id, name })) ?? null,
      canDelete: actor?.isAdmin === true,
    };
  } catch (error) {
    loaderFailure(error, i18n);
  }
}

/** The forms this page's action takes (the matrix tries each). */
export const intents = [
  CHANGE_LEAD_STAGE_INTENT,
  ADD_LEAD_NOTE_INTENT,
  ASSIGN_LEAD_INTENT,
  DELETE_LEAD_INTENT,
  INVITE_LEAD_INTENT,
] as const;

/**
 * The stage (Lost with its reason), a note, the assignment (admins), the deletion (admins, then the list) and the
 * invitation to sign up.
 */
export async function action(args: Route.ActionArgs) {
  const { leadId } = args.params;
  return intentAction(args, intents, {
    [CHANGE_LEAD_STAGE_INTENT]: form({
      schema: changeLeadStageSchema,
      run: ({ services, user }, { stage, lostReason }) =>
        changeLeadStage(services, user, { leadId, stage, lostReason }),
      success: ({ i18n }) => ({ ok: true as const, title: i18n._(msg`Stage saved`) }),
    }),
    [ADD_LEAD_NOTE_INTENT]: form({
      schema: addLeadNoteSchema,
      run: ({ services, user }, { note }) => addLeadNote(services, user, { leadId, note }),
      success: ({ i18n }) => ({ ok: true as const, title: i18n._(msg`Note added`) }),
    }),
    [ASSIGN_LEAD_INTENT]: form({
      schema: assignLeadSchema,
      run: ({ services, user }, { memberId }) => assignLead(services, user, { leadId, memberId }),
      success: ({ i18n }) => ({ ok: true as const, title: i18n._(msg`Assignment saved`) }),
    }),
    [DELETE_LEAD_INTENT]: form({
      schema: deleteLeadSchema,
      run: ({ services, user }) => deleteLead(services, user, { leadId }),
      success: () => redirect(LEAD_LIST),
    }),
    [INVITE_LEAD_INTENT]: inviteLeadForm(leadId),
  });
}

export default function LeadRoute({ loaderData }: Route.ComponentProps) {
  const { lead, members, canDelete } = loaderData;
  const { t } = useLingui();
  return (
    <>
      <div className="mb-2">
        <Link to={LEAD_LIST} className="text-sm text-blue-700 hover:underline">
          {t`← All leads`}
        </Link>
      </div>
      <PageTitle title={lead.name} description={lead.businessName ?? t`A lead from the website`} />
      <LeadPage lead={lead} members={members} canDelete={canDelete} headerActions={<InviteLeadButton lead={lead} />} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLingui();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageTitle title={t`Lead`} />
      <Card role="alert" className="p-6">
        <p className="font-semibold text-red-700">{notFound ? t`Lead not found` : t`Failed to load data`}</p>
        <Link to={LEAD_LIST} className="mt-2 inline-block text-sm text-blue-700 hover:underline">
          {t`← All leads`}
        </Link>
      </Card>
    </>
  );
}
