import { useLingui } from "@lingui/react/macro";
import { useState, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { ConfirmActionDialog } from "~/components/forms/confirm-action-dialog";
import { useActionToast } from "~/components/forms/use-action-toast";
import { LocalDateTime } from "~/components/local-date-time";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label, Select } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/http/forms";
import { customerPagePath } from "~/lib/http/paths";
import {
  ADD_LEAD_NOTE_INTENT,
  ASSIGN_LEAD_INTENT,
  CHANGE_LEAD_STAGE_INTENT,
  DELETE_LEAD_INTENT,
  LEAD_NOTE_MAX,
  LOST_REASON_MAX,
} from "../lead-actions.schemas";
import type { LeadDetail, LeadTimelineEntry } from "../lead-views";
import {
  CONTACT_PREFERENCE_NAMES,
  LEAD_INDUSTRY_NAMES,
  LEAD_STAGE_NAMES,
  LEAD_STAGES,
  LEAD_WANTS_NAMES,
  type LeadStage,
} from "../leads";

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-sm break-words text-slate-900 sm:col-span-2">{children || "—"}</dd>
    </div>
  );
}

/** What the lead sent and where they came from. */
function LeadFacts({ lead }: { lead: LeadDetail }) {
  const { t, i18n } = useLingui();
  const place = [lead.city, lead.state].filter(Boolean).join(", ");
  const source = lead.source;
  const advert = [source.utmSource, source.utmMedium, source.utmCampaign].filter(Boolean).join(" / ");
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t`What they sent`}</h2>
      <dl className="mt-2 divide-y divide-slate-100">
        <Row label={t`Business`}>{lead.businessName}</Row>
        <Row label={t`Email`}>{lead.email ? <a href={`mailto:${lead.email}`}>{lead.email}</a> : null}</Row>
        <Row label={t`Phone`}>{lead.phone ? <a href={`tel:+1${lead.phone}`}>{lead.phone}</a> : null}</Row>
        <Row label={t`Industry`}>{i18n._(LEAD_INDUSTRY_NAMES[lead.industry] ?? LEAD_INDUSTRY_NAMES.other)}</Row>
        <Row label={t`Wants`}>{i18n._(LEAD_WANTS_NAMES[lead.wants])}</Row>
        <Row label={t`City and state`}>{place}</Row>
        <Row label={t`Preferred contact`}>{i18n._(CONTACT_PREFERENCE_NAMES[lead.contactPreference])}</Row>
        <Row label={t`Language`}>{lead.language === "es" ? "Español" : "English"}</Row>
        <Row label={t`Advert`}>{advert}</Row>
        <Row label={t`Referring site`}>{source.referrer}</Row>
        {lead.customerId ? (
          <Row label={t`Customer`}>
            <Link to={customerPagePath(lead.customerId)} className="text-blue-700 hover:underline">
              {t`Open the customer's page`}
            </Link>
          </Row>
        ) : null}
        {lead.stage === "lost" ? <Row label={t`Lost because`}>{lead.lostReason}</Row> : null}
      </dl>
    </Card>
  );
}

/** The stage: a choice of the five, and the reason when Lost is chosen. */
function StageForm({ lead }: { lead: LeadDetail }) {
  const { t, i18n } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const [stage, setStage] = useState<LeadStage>(lead.stage);
  useActionToast(fetcher.data);
  return (
    <fetcher.Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value={CHANGE_LEAD_STAGE_INTENT} />
      <div className="space-y-1.5">
        <Label htmlFor="lead-stage">{t`Stage`}</Label>
        <Select
          id="lead-stage"
          name="stage"
          value={stage}
          onChange={(event) => setStage(event.target.value as LeadStage)}
        >
          {LEAD_STAGES.map((value) => (
            <option key={value} value={value}>
              {i18n._(LEAD_STAGE_NAMES[value])}
            </option>
          ))}
        </Select>
      </div>
      {stage === "lost" ? (
        <div className="space-y-1.5">
          <Label htmlFor="lost-reason">{t`Why was the lead lost?`}</Label>
          <Textarea
            id="lost-reason"
            name="lostReason"
            required
            maxLength={LOST_REASON_MAX}
            defaultValue={lead.lostReason ?? ""}
          />
        </div>
      ) : null}
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        {t`Save stage`}
      </Button>
    </fetcher.Form>
  );
}

/** An admin's 'Assigned to': an active team member, or nobody. */
function AssignForm({ lead, members }: { lead: LeadDetail; members: { id: string; name: string }[] }) {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  return (
    <fetcher.Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value={ASSIGN_LEAD_INTENT} />
      <div className="space-y-1.5">
        <Label htmlFor="lead-assignee">{t`Assigned to`}</Label>
        <Select id="lead-assignee" name="memberId" defaultValue={lead.assignedTo ?? ""}>
          <option value="">{t`Nobody`}</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
        {t`Save assignment`}
      </Button>
    </fetcher.Form>
  );
}

function NoteForm() {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const [key, setKey] = useState(0);
  useActionToast(fetcher.data, { onSuccess: () => setKey((n) => n + 1) });
  return (
    <fetcher.Form method="post" className="space-y-3" key={key}>
      <input type="hidden" name="intent" value={ADD_LEAD_NOTE_INTENT} />
      <div className="space-y-1.5">
        <Label htmlFor="lead-note">{t`Add a note`}</Label>
        <Textarea id="lead-note" name="note" required maxLength={LEAD_NOTE_MAX} />
      </div>
      <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
        {t`Add note`}
      </Button>
    </fetcher.Form>
  );
}

/** One line of the timeline, in the viewer's language. */
function TimelineText({ entry }: { entry: LeadTimelineEntry }) {
  const { t, i18n } = useLingui();
  const detail = entry.detail;
  const stageName = (value: unknown) =>
    typeof value === "string" && value in LEAD_STAGE_NAMES ? i18n._(LEAD_STAGE_NAMES[value as LeadStage]) : "";
  switch (entry.kind) {
    case "received":
    case "message":
      return (
        <>
          <p className="font-medium">{entry.kind === "received" ? t`Sent the quote request` : t`Wrote again`}</p>
          {typeof detail.message === "string" && detail.message ? (
            <p className="mt-1 whitespace-pre-wrap text-slate-700">{detail.message}</p>
          ) : null}
        </>
      );
    case "stage": {
      const to = stageName(detail.to);
      return (
        <>
          <p className="font-medium">{t`Moved to ${to}`}</p>
          {typeof detail.reason === "string" ? <p className="mt-1 text-slate-700">{detail.reason}</p> : null}
        </>
      );
    }
    case "note":
      return <p className="whitespace-pre-wrap text-slate-800">{String(detail.note ?? "")}</p>;
    case "assigned": {
      const member = typeof detail.memberName === "string" ? detail.memberName : null;
      return <p className="font-medium">{member ? t`Assigned to ${member}` : t`Unassigned`}</p>;
    }
    case "invited":
      return <p className="font-medium">{t`Invited to sign up`}</p>;
    case "linked":
      return <p className="font-medium">{t`Linked to a customer account`}</p>;
    case "email":
      return <p className="font-medium">{t`E-mail sent`}</p>;
  }
}

function Timeline({ entries }: { entries: LeadTimelineEntry[] }) {
  const { t } = useLingui();
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t`Timeline`}</h2>
      <ol className="mt-3 space-y-3" data-testid="lead-timeline">
        {entries.map((entry) => (
          <li key={entry.id} className="border-l-2 border-slate-200 pl-3 text-sm" data-kind={entry.kind}>
            <TimelineText entry={entry} />
            <p className="mt-0.5 text-xs text-slate-600">
              <LocalDateTime iso={entry.at} options={WHEN} />
              {entry.actorName ? ` · ${entry.actorName}` : ""}
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/**
 * A lead's page: what they sent and the source on one side, the stage, the assignment (admins), a note and the
 * timeline on the other; stacked on phones. `headerActions` holds what other parts of the back office offer for a
 * lead (the invitation to sign up).
 */
export function LeadPage({
  lead,
  members,
  canDelete,
  headerActions,
}: {
  lead: LeadDetail;
  members: { id: string; name: string }[] | null;
  canDelete: boolean;
  headerActions?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <span
          className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800"
          data-testid="lead-stage"
        >
          {i18n._(LEAD_STAGE_NAMES[lead.stage])}
        </span>
        <span className="text-sm text-slate-600">
          {t`Received`} <LocalDateTime iso={lead.createdAt} options={WHEN} />
        </span>
        <div className="ml-auto flex flex-wrap gap-2">
          {headerActions}
          {canDelete ? (
            <Button variant="destructive" onClick={() => setDeleting(true)}>
              {t`Delete lead`}
            </Button>
          ) : null}
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <LeadFacts lead={lead} />
        <div className="space-y-6">
          <Card className="space-y-6 p-4 sm:p-6">
            <StageForm key={`${lead.stage}:${lead.lostReason ?? ""}`} lead={lead} />
            {members ? <AssignForm key={lead.assignedTo ?? ""} lead={lead} members={members} /> : null}
            <NoteForm />
          </Card>
          <Timeline entries={lead.timeline} />
        </div>
      </div>
      {deleting ? (
        <ConfirmActionDialog
          title={t`Delete this lead?`}
          description={t`Everything they sent and the timeline are erased. This cannot be undone.`}
          fields={{ intent: DELETE_LEAD_INTENT }}
          confirm={t`Delete lead`}
          confirming={t`Deleting…`}
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </div>
  );
}
