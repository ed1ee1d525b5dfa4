import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink, FileText } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Textarea } from "~/components/ui/textarea";
import { LocalDateTime } from "~/components/local-date-time";
import type { ActionResult } from "~/lib/http/forms";
import { INTL_LOCALES, isLocale } from "~/lib/i18n/locales";
import { formatFileSize } from "~/features/messages/message-rules";
import { DECIDE_ROUND_INTENT, ROUND_COMMENT_MAX } from "../approvals.schemas";
import type { ReviewRoundView, RoundDecision, RoundFileView } from "../review-round-views";

/**
 * One service's review rounds: the one waiting for the customer on top ('Waiting for your approval', with
 * 'Approve' and 'Request changes' for the customer; the admin sees it waiting), then the history of decided
 * rounds, newest first, on both sides. A decided round is read-only.
 */
export function ReviewRoundsPanel({
  rounds,
  viewerIsAgency,
  action,
}: {
  rounds: readonly ReviewRoundView[];
  viewerIsAgency: boolean;
  action: string;
}) {
  const { t } = useLingui();
  // The decision's answer is read here, not in the round's buttons: the reload that comes with it shows the round
  // decided, so the buttons are gone by the time the answer could toast from there.
  const decision = useFetcher<ActionResult>();
  useActionToast(decision.data);
  const waiting = rounds.find((round) => round.decision === null) ?? null;
  const history = rounds.filter((round) => round.decision !== null);
  if (rounds.length === 0) return null;
  return (
    <section className="space-y-3" aria-label={t`Approvals`}>
      {waiting ? (
        <WaitingRound
          key={waiting.id}
          round={waiting}
          viewerIsAgency={viewerIsAgency}
          action={action}
          decision={decision}
        />
      ) : null}
      {history.length > 0 ? (
        <Card className="p-4 sm:p-5">
          <h3 className="mb-3 text-sm font-semibold text-slate-900">
            {/* Below a round waiting for an answer the others are earlier; without one, the newest is the one in force. */}
            {waiting ? <Trans>Earlier versions</Trans> : <Trans>Versions</Trans>}
          </h3>
          <ol className="divide-y divide-slate-200">
            {history.map((round) => (
              <li key={round.id} className="space-y-1 py-3 first:pt-0 last:pb-0" data-testid="review-round">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">
                    v{round.version}: {round.title}
                  </span>
                  <DecisionBadge decision={round.decision!} />
                  {round.purpose === "launch" ? (
                    <Badge className="bg-blue-100 text-blue-800">{t`Finished site, for launch`}</Badge>
                  ) : null}
                </div>
                {round.comment ? <p className="text-sm whitespace-pre-wrap text-slate-700">{round.comment}</p> : null}
                {round.decidedAt ? (
                  <p className="text-xs text-slate-600">
                    <LocalDateTime iso={round.decidedAt} options={{ dateStyle: "medium", timeStyle: "short" }} />
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        </Card>
      ) : null}
    </section>
  );
}

/** What a round asks the customer to approve, and what their approval does, in the viewer's words. */
function PurposeText({ purpose, viewerIsAgency }: { purpose: ReviewRoundView["purpose"]; viewerIsAgency: boolean }) {
  const { t } = useLingui();
  if (purpose === "launch") {
    return viewerIsAgency
      ? t`The finished site, for launch: the customer's approval ticks 'Review & Client Approval', and the second payment is then due.`
      : t`The finished site, for launch: approving it tells us it is ready to go live, and the website's second payment is then due.`;
  }
  return viewerIsAgency
    ? t`A draft: the customer's approval or changes guide the work; the checklist does not move.`
    : t`A draft: approve it, or tell us what to change.`;
}

function DecisionBadge({ decision }: { decision: RoundDecision }) {
  const { t } = useLingui();
  if (decision === "approved") return <Badge className="bg-green-100 text-green-800">{t`Approved`}</Badge>;
  if (decision === "changes_requested")
    return <Badge className="bg-amber-100 text-amber-900">{t`Changes requested`}</Badge>;
  return <Badge className="bg-slate-100 text-slate-700">{t`Replaced by a newer version`}</Badge>;
}

type DecisionFetcher = FetcherWithComponents<ActionResult>;

function WaitingRound({
  round,
  viewerIsAgency,
  action,
  decision,
}: {
  round: ReviewRoundView;
  viewerIsAgency: boolean;
  action: string;
  decision: DecisionFetcher;
}) {
  const { t, i18n } = useLingui();
  const locale = INTL_LOCALES[isLocale(i18n.locale) ? i18n.locale : "en"];
  return (
    <Card className="space-y-3 border-blue-200 p-4 sm:p-5" data-testid="waiting-round">
      <div className="space-y-1">
        <p className="text-sm font-semibold text-blue-800">
          {viewerIsAgency ? t`Waiting for the customer's approval` : t`Waiting for your approval`}
        </p>
        <h3 className="text-lg font-semibold text-slate-900">
          v{round.version}: {round.title}
        </h3>
        <p className="text-sm text-slate-700" data-testid="round-purpose">
          <PurposeText purpose={round.purpose} viewerIsAgency={viewerIsAgency} />
        </p>
        {round.message ? <p className="text-sm whitespace-pre-wrap text-slate-700">{round.message}</p> : null}
      </div>
      {round.link ? (
        <a
          href={round.link}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 underline underline-offset-2"
        >
          {t`Open the preview`}
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">{t`(opens in a new tab)`}</span>
        </a>
      ) : null}
      {round.files.length > 0 ? <RoundFiles files={round.files} locale={locale} /> : null}
      {viewerIsAgency ? null : <Decision roundId={round.id} action={action} fetcher={decision} />}
    </Card>
  );
}

function RoundFiles({ files, locale }: { files: readonly RoundFileView[]; locale: string }) {
  const { t } = useLingui();
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t`Files`}>
      {files.map((file) => (
        <li key={file.url}>
          {file.isImage && file.thumbnailUrl ? (
            <a
              href={file.url}
              target="_blank"
              rel="noreferrer"
              className="block rounded-lg focus-visible:ring-2 focus-visible:ring-blue-300 focus-visible:outline-none"
            >
              <img
                src={file.thumbnailUrl}
                alt={t`${file.name} (open full size)`}
                className="size-28 rounded-lg border border-slate-200 object-cover"
              />
            </a>
          ) : (
            <a
              href={`${file.url}?name=${encodeURIComponent(file.name)}`}
              download={file.name}
              className="flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm underline-offset-2 hover:underline"
            >
              <FileText aria-hidden="true" className="size-4 shrink-0" />
              <span>
                {file.name} <span className="text-slate-600">({formatFileSize(file.size, locale)})</span>
              </span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The customer's answer: 'Approve' at once, or 'Request changes' with what to change (required). */
function Decision({ roundId, action, fetcher }: { roundId: string; action: string; fetcher: DecisionFetcher }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState("");
  // A comment left empty, checked here; else the server's refusal, until the next try.
  const [empty, setEmpty] = useState(false);
  const id = useId();
  const pending = fetcher.state !== "idle";
  const refused = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const problem = empty ? t`Please tell us what to change` : refused;
  const decide = (decision: "approve" | "request-changes") => {
    setEmpty(decision === "request-changes" && !comment.trim());
    if (decision === "request-changes" && !comment.trim()) return;
    void fetcher.submit(
      { intent: DECIDE_ROUND_INTENT, roundId, decision, comment: decision === "approve" ? "" : comment },
      { method: "post", action },
    );
  };
  if (!asking) {
    return (
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="button" disabled={pending} onClick={() => decide("approve")}>
          {pending ? t`Saving...` : t`Approve`}
        </Button>
        <Button type="button" variant="outline" disabled={pending} onClick={() => setAsking(true)}>
          {t`Request changes`}
        </Button>
      </div>
    );
  }
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        decide("request-changes");
      }}
    >
      <label htmlFor={`${id}-comment`} className="text-sm font-medium text-slate-800">
        <Trans>What should we change?</Trans>
      </label>
      <Textarea
        id={`${id}-comment`}
        value={comment}
        rows={4}
        maxLength={ROUND_COMMENT_MAX}
        onChange={(event) => setComment(event.currentTarget.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button type="button" variant="outline" disabled={pending} onClick={() => setAsking(false)}>
          {t`Cancel`}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t`Sending...` : t`Send my changes`}
        </Button>
      </div>
    </form>
  );
}
