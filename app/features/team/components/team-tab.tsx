import { EmailText } from "~/components/email-text";
import { getFormProps } from "@conform-to/react";
import { StackedTableHead } from "~/components/ui/stacked-table-head";
import { useLingui } from "@lingui/react/macro";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmActionDialog } from "~/components/forms/confirm-action-dialog";
import { FieldError, RequiredMark, TextField } from "~/components/forms/form-section";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { LocalDateTime } from "~/components/local-date-time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, useFocusReturn } from "~/components/ui/dialog";
import { Select } from "~/components/ui/input";
import type { ActionResult } from "~/lib/http/forms";
import { TEAM_ROLE_NAMES, type InvitationView, type MemberView, type TeamView } from "../team-views";
import {
  CHANGE_MEMBER_ROLE_INTENT,
  DEACTIVATE_MEMBER_INTENT,
  INVITE_MEMBER_INTENT,
  inviteMemberSchema,
  REACTIVATE_MEMBER_INTENT,
  RESEND_INVITATION_INTENT,
  REVOKE_INVITATION_INTENT,
  TEAM_ROLE_CHOICES,
} from "../team.schemas";

const SIGN_IN_TIME: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };
const INVITATION_DATE: Intl.DateTimeFormatOptions = { dateStyle: "medium" };

/**
 * The settings' Team tab: the members with their role, two-factor, last sign-in and state, each with its actions
 * (change role; deactivate after a confirmation, or reactivate), the open invitations with Resend and Revoke, and
 * the 'Invite member' dialog. Every change reloads the tab for every admin viewing it (live updates).
 */
export function TeamTab({ team, selfId }: { team: TeamView; selfId: string | null }) {
  const { t } = useLingui();
  const [inviting, setInviting] = useState(false);
  const opener = useFocusReturn(inviting);
  const [deactivating, setDeactivating] = useState<MemberView | null>(null);
  return (
    <div className="space-y-6">
      <section aria-labelledby="team-members-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="team-members-heading" className="text-lg font-semibold text-slate-900">
              {t`Team members`}
            </h2>
            <p className="text-sm text-slate-600">{t`Admins reach everything; staff reach only the customers assigned to them.`}</p>
          </div>
          <Button ref={opener} type="button" onClick={() => setInviting(true)}>
            <UserPlus aria-hidden="true" />
            {t`Invite member`}
          </Button>
        </div>
        <MembersTable members={team.members} selfId={selfId} onDeactivate={setDeactivating} />
      </section>
      <InvitationsList invitations={team.invitations} />
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
      {deactivating ? <DeactivateDialog member={deactivating} onClose={() => setDeactivating(null)} /> : null}
    </div>
  );
}

/**
 * The members as a table; below the md width each row becomes a card (the cells stacked, each with its column's
 * name before it), so a phone never scrolls sideways.
 */
function MembersTable({
  members,
  selfId,
  onDeactivate,
}: {
  members: MemberView[];
  selfId: string | null;
  onDeactivate: (member: MemberView) => void;
}) {
  const { t, i18n } = useLingui();
  const headings = {
    name: t`Name`,
    email: t`Email`,
    role: t`Role`,
    twoFactor: t`Two-factor`,
    lastSignIn: t`Last sign-in`,
    state: t`State`,
    actions: t`Actions`,
  };
  // On a phone the cell's column name comes from its data-label, drawn before it (not part of its text).
  const cell =
    "flex gap-3 px-4 py-1 before:w-32 before:shrink-0 before:font-medium before:text-slate-600 before:content-[attr(data-label)] md:table-cell md:py-3 md:align-middle md:before:content-none";
  return (
    <Card className="md:overflow-x-auto">
      <table className="block w-full text-left text-sm md:table md:min-w-[900px]">
        <caption className="sr-only">{t`Team members`}</caption>
        <StackedTableHead headings={Object.values(headings)} />
        <tbody className="block md:table-row-group">
          {members.map((member) => {
            const self = member.id === selfId;
            const name = member.name;
            return (
              <tr
                key={member.id}
                data-testid="team-member-row"
                className="block border-b border-slate-100 py-2 last:border-0 md:table-row md:py-0"
              >
                <th
                  scope="row"
                  className="block px-4 py-2 text-left font-medium break-words text-slate-900 md:table-cell md:py-3"
                >
                  {member.name}
                  {self ? <span className="ml-1 font-normal text-slate-600">{t`(you)`}</span> : null}
                </th>
                <td data-label={headings.email} className={`${cell} min-w-0 text-slate-700`}>
                  <EmailText email={member.email} />
                </td>
                <td data-label={headings.role} className={`${cell} text-slate-700`}>
                  {i18n._(TEAM_ROLE_NAMES[member.role])}
                </td>
                <td data-label={headings.twoFactor} className={`${cell} text-slate-700`}>
                  {member.twoFactorEnabled ? t`On` : t`Off`}
                </td>
                <td data-label={headings.lastSignIn} className={`${cell} text-slate-700 md:whitespace-nowrap`}>
                  {member.lastSignInAt ? <LocalDateTime iso={member.lastSignInAt} options={SIGN_IN_TIME} /> : t`Never`}
                </td>
                <td data-label={headings.state} className={cell}>
                  {member.active ? (
                    <Badge tone="green">{t({ message: "Active", context: "team member" })}</Badge>
                  ) : (
                    <Badge tone="gray">{t({ message: "Deactivated", context: "team member" })}</Badge>
                  )}
                </td>
                <td data-label={headings.actions} className={cell}>
                  <div className="flex flex-wrap gap-2">
                    <ChangeRoleButton member={member} />
                    {member.active ? (
                      self ? null : (
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          onClick={() => onDeactivate(member)}
                          aria-label={t`Deactivate ${name}`}
                        >
                          {t`Deactivate`}
                        </Button>
                      )
                    ) : (
                      <IntentButton
                        fields={{ intent: REACTIVATE_MEMBER_INTENT, memberId: member.id }}
                        label={t`Reactivate`}
                        ariaLabel={t`Reactivate ${name}`}
                      />
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

/** The role the member does not have, one click away; the server refuses demoting the last active admin. */
function ChangeRoleButton({ member }: { member: MemberView }) {
  const { t } = useLingui();
  const name = member.name;
  const next = member.role === "admin" ? "staff" : "admin";
  return (
    <IntentButton
      fields={{ intent: CHANGE_MEMBER_ROLE_INTENT, memberId: member.id, role: next }}
      label={next === "admin" ? t`Make admin` : t`Make staff`}
      ariaLabel={next === "admin" ? t`Make ${name} an admin` : t`Make ${name} staff`}
    />
  );
}

/** One small form: posts its hidden fields to the page's action; the answer's toast says how it went. */
function IntentButton({
  fields,
  label,
  ariaLabel,
}: {
  fields: Record<string, string>;
  label: string;
  ariaLabel: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"} aria-label={ariaLabel}>
        {label}
      </Button>
    </fetcher.Form>
  );
}

function InvitationsList({ invitations }: { invitations: InvitationView[] }) {
  const { t, i18n } = useLingui();
  return (
    <section aria-labelledby="team-invitations-heading" className="space-y-3">
      <h2 id="team-invitations-heading" className="text-lg font-semibold text-slate-900">
        {t`Open invitations`}
      </h2>
      {invitations.length === 0 ? (
        <Card className="p-6 text-slate-700">{t`No open invitations`}</Card>
      ) : (
        <Card className="p-0">
          <ul className="divide-y divide-slate-200" aria-labelledby="team-invitations-heading">
            {invitations.map((invitation) => {
              const email = invitation.email;
              return (
                <li
                  key={invitation.id}
                  data-testid="team-invitation-row"
                  className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="text-sm font-medium text-slate-900">
                      <EmailText email={email} /> ·{" "}
                      <span className="font-normal text-slate-700">{i18n._(TEAM_ROLE_NAMES[invitation.role])}</span>
                    </p>
                    <p className="text-sm text-slate-600">
                      {t`Sent`} <LocalDateTime iso={invitation.sentAt} options={INVITATION_DATE} />
                      {" · "}
                      {invitation.expired ? (
                        <Badge tone="yellow">{t`Expired`}</Badge>
                      ) : (
                        <>
                          {t`Expires`} <LocalDateTime iso={invitation.expiresAt} options={INVITATION_DATE} />
                        </>
                      )}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <IntentButton
                      fields={{ intent: RESEND_INVITATION_INTENT, invitationId: invitation.id }}
                      label={t`Resend`}
                      ariaLabel={t`Resend the invitation to ${email}`}
                    />
                    <IntentButton
                      fields={{ intent: REVOKE_INVITATION_INTENT, invitationId: invitation.id }}
                      label={t`Revoke`}
                      ariaLabel={t`Revoke the invitation to ${email}`}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </Card>
      )}
    </section>
  );
}

/** E-mail and role: the invitee gets a link to make their account (single use, seven days). */
function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== "idle";
  const [form, fields] = useValidatedForm({ id: "invite-member", schema: inviteMemberSchema });
  useActionToast(fetcher.data, { onSuccess: onClose });
  const roleError = fields.role.errors?.[0];
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent
        title={t`Invite member`}
        description={t`They receive an e-mail with a link to create their account. The link works once, for 7 days.`}
      >
        <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name={fields.intent.name} value={INVITE_MEMBER_INTENT} />
          <TextField
            field={{
              id: fields.email.id,
              name: fields.email.name,
              errorId: fields.email.errorId,
              errors: fields.email.errors,
            }}
            label={t`Email`}
            type="email"
            autoComplete="off"
            required
          />
          <div className="space-y-1.5">
            <label htmlFor={fields.role.id} className="text-sm font-medium text-slate-800">
              {t`Role`}
              <RequiredMark />
            </label>
            <Select
              id={fields.role.id}
              name={fields.role.name}
              defaultValue="staff"
              aria-required
              aria-invalid={roleError ? true : undefined}
              aria-describedby={roleError ? fields.role.errorId : undefined}
            >
              {TEAM_ROLE_CHOICES.map((role) => (
                <option key={role} value={role}>
                  {i18n._(TEAM_ROLE_NAMES[role])}
                </option>
              ))}
            </Select>
            <FieldError id={fields.role.errorId} message={roleError} />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              {t`Cancel`}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? t`Sending...` : t`Send invitation`}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function DeactivateDialog({ member, onClose }: { member: MemberView; onClose: () => void }) {
  const { t } = useLingui();
  const name = member.name;
  return (
    <ConfirmActionDialog
      title={t`Deactivate member`}
      description={t`${name} is signed out at once and can no longer sign in. Their customers are no longer assigned to them. Their past work keeps their name.`}
      fields={{ intent: DEACTIVATE_MEMBER_INTENT, memberId: member.id }}
      confirm={t`Deactivate`}
      confirming={t`Deactivating...`}
      onClose={onClose}
    />
  );
}
