import { getFormProps } from "@conform-to/react";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Form, Link, useActionData, useFetchers, useNavigation } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { isActionResult } from "~/lib/http/forms";
import { APPROVE_DELETION_INTENT, blockerList, DECLINE_DELETION_INTENT } from "../account-deletion";
import { declineDeletionSchema } from "../account-deletion.schemas";
import type { PendingDeletionRequest, QueueDeletionRequest } from "../deletion-views";
import { ReasonField } from "./reason-field";
import { customerPagePath } from "~/lib/http/paths";

const LINK =
  "font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600";

/**
 * The answers to the queue's deletion forms, as toasts. The forms are page forms (navigations, not fetchers): their row
 * leaves the queue when the answer comes (the request is gone, or declined), and with it anything a row would hold, so
 * the answer is read here, from the page's action data, once per answer.
 */
export function DeletionAnswers() {
  const actionData = useActionData<unknown>();
  const navigation = useNavigation();
  useActionToast(navigation.state === "idle" && isActionResult(actionData) ? actionData : undefined);
  return null;
}

/**
 * Whether this dialog's form is being sent now (as a page form, or through the fetcher its page names), and a call
 * once its answer is back (to close the dialog).
 */
function useSending(intent: string, requestId: string, onAnswered: () => void) {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const sends = (formData: FormData | undefined) =>
    formData?.get("intent") === intent && formData.get("requestId") === requestId;
  const sending =
    (navigation.state !== "idle" && sends(navigation.formData)) ||
    fetchers.some((fetcher) => fetcher.state !== "idle" && sends(fetcher.formData));
  const [sent, setSent] = useState(false);
  if (sending && !sent) setSent(true);
  useEffect(() => {
    if (sent && !sending) onAnswered();
  }, [sent, sending, onAnswered]);
  return sending;
}

/**
 * A customer's deletion request in the admins' work queue: who, since when, and what holds it back now; 'Approve'
 * (a confirmation that says what goes and what stays, then the same erasure as the customer's own) or 'Decline' (a
 * reason the customer reads). Both post to the dashboard's action.
 */
export function DeletionRequestRow({ request, age }: { request: QueueDeletionRequest; age: string }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState<"approve" | "decline" | null>(null);
  const name = request.customerName || t`Unnamed customer`;
  const holding = blockerList(i18n, request.blockers);
  return (
    <li>
      <Card data-testid="queue-deletion-row" className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
        <div className="min-w-0">
          <Link to={customerPagePath(request.userId)} className={LINK}>
            {name}
          </Link>
          <p className="text-slate-700">
            {holding ? t`Waiting for the agency: ${holding}` : t`Nothing holds it back any more`}
          </p>
          <p className="text-slate-600">
            <time dateTime={request.requestedAt}>{t`Asked ${age}`}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setOpen("decline")}>
            {t`Decline`}
            <span className="sr-only">: {name}</span>
          </Button>
          <Button type="button" variant="destructive" size="sm" onClick={() => setOpen("approve")}>
            {t`Approve and delete`}
            <span className="sr-only">: {name}</span>
          </Button>
        </div>
      </Card>
      {open === "approve" ? (
        <ApproveDeletionDialog request={request} name={name} onClose={() => setOpen(null)} />
      ) : null}
      {open === "decline" ? (
        <DeclineDeletionDialog request={request} name={name} onClose={() => setOpen(null)} />
      ) : null}
    </li>
  );
}

/** 'Approve and delete': a confirmation that says what goes and what stays. Posts to the page it is on. */
export function ApproveDeletionDialog({
  request,
  name,
  onClose,
  fetcherKey,
}: {
  request: PendingDeletionRequest;
  name: string;
  onClose: () => void;
  /** Sends the form through this fetcher, which holds its answer, instead of as a page form (the work queue's). */
  fetcherKey?: string;
}) {
  const { t } = useLingui();
  const sending = useSending(APPROVE_DELETION_INTENT, request.id, onClose);
  const description = [
    t`${name}'s profile, files, messages, information forms, credentials and notes are erased for good. Their payments stay for the books, without their name, e-mail, phone or files.`,
    request.blockers.includes("payment_pending")
      ? t`A payment still waiting for review is closed without review: approve or reject it first if the money arrived.`
      : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <Dialog open onOpenChange={(next) => !next && !sending && onClose()}>
      <DialogContent role="alertdialog" title={t`Delete ${name}'s account?`} description={description}>
        <Form
          method="post"
          navigate={fetcherKey === undefined}
          fetcherKey={fetcherKey}
          className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
        >
          <input type="hidden" name="intent" value={APPROVE_DELETION_INTENT} />
          <input type="hidden" name="requestId" value={request.id} />
          <Button type="button" variant="outline" onClick={onClose} disabled={sending}>
            {t`Cancel`}
          </Button>
          <Button type="submit" variant="destructive" disabled={sending}>
            {sending ? t`Deleting...` : t`Approve and delete`}
          </Button>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** 'Decline': a reason the customer reads. Posts to the page it is on. */
export function DeclineDeletionDialog({
  request,
  name,
  onClose,
  fetcherKey,
}: {
  request: PendingDeletionRequest;
  name: string;
  onClose: () => void;
  /** Sends the form through this fetcher, which holds its answer, instead of as a page form (the work queue's). */
  fetcherKey?: string;
}) {
  const { t } = useLingui();
  const sending = useSending(DECLINE_DELETION_INTENT, request.id, onClose);
  const [form, fields] = useValidatedForm({ schema: declineDeletionSchema, id: `decline-deletion-${request.id}` });
  return (
    <Dialog open onOpenChange={(next) => !next && !sending && onClose()}>
      <DialogContent
        title={t`Decline ${name}'s request?`}
        description={t`The account stays. The customer reads your reason in a notification and an e-mail.`}
      >
        <Form
          method="post"
          navigate={fetcherKey === undefined}
          fetcherKey={fetcherKey}
          className="space-y-4"
          {...getFormProps(form)}
        >
          <input type="hidden" name="intent" value={DECLINE_DELETION_INTENT} />
          <input type="hidden" name="requestId" value={request.id} />
          <ReasonField
            id={`decline-reason-${request.id}`}
            label={t`Reason (required)`}
            hint={t`For example: the job is almost finished, or a payment must be settled first.`}
            error={fields.reason.errors?.[0]}
            disabled={sending}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={sending} onClick={onClose}>
              {t`Cancel`}
            </Button>
            <Button type="submit" disabled={sending}>
              {sending ? t`Declining...` : t`Decline request`}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
