import { getFormProps } from "@conform-to/react";
import { useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Label } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/http/forms";
import { ADMIN_NOTES_MAX, DECIDE_PAYMENT_INTENT, decisionFormSchema, rejectionFormSchema } from "../payment-review";
import type { ReviewPayment } from "../payment-views";

/** The line beside every payment note box: the note is not internal, whatever the placeholder says. */
function NotesGoToCustomer({ id }: { id: string }) {
  const { t } = useLingui();
  return (
    <p id={id} className="text-xs text-slate-600" data-testid="notes-sent-hint">
      {t`Sent to the customer with your decision`}
    </p>
  );
}

/**
 * A pending payment's decision: the Admin Notes and the Approve / Reject buttons (disabled while this payment's
 * decision is on its way). Approve sends the card's form (its note optional). Reject opens a confirmation dialog
 * whose note is required: the customer reads it as the reason. Both post `intent=decide` to the page they are on,
 * whose action hands it to `decidePaymentAction`: the customer's detail page and the admin dashboard's work queue
 * share it, so the rules, notes and notifications are the same from both.
 */
export function PaymentDecisionForm({ payment }: { payment: ReviewPayment }) {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const [rejecting, setRejecting] = useState(false);
  // The page's action answers 'Status Updated' / 'Payment has been approved' (or the refusal's message).
  useActionToast(fetcher.data, { onSuccess: () => setRejecting(false) });
  const [form, fields] = useValidatedForm({ schema: decisionFormSchema, id: `decision-${payment.id}` });
  const [rejectForm, rejectFields] = useValidatedForm({
    schema: rejectionFormSchema,
    id: `reject-${payment.id}`,
  });
  const [notes, setNotes] = useState(payment.adminNotes ?? "");
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const busy = fetcher.state !== "idle";
  const notesId = `admin-notes-${payment.id}`;
  const hintId = `${notesId}-hint`;
  const reasonId = `reject-reason-${payment.id}`;
  const reasonHintId = `${reasonId}-hint`;
  const reasonError = rejectFields.notes.errors?.[0];

  return (
    <>
      <fetcher.Form method="post" className="space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={DECIDE_PAYMENT_INTENT} />
        <input type="hidden" name="paymentId" value={payment.id} />
        <div className="space-y-1.5">
          <Label htmlFor={notesId}>{t`Admin Notes`}</Label>
          <Textarea
            id={notesId}
            name="notes"
            value={notes}
            maxLength={ADMIN_NOTES_MAX}
            onChange={(event) => setNotes(event.target.value)}
            placeholder={t`Add internal notes about this payment...`}
            disabled={busy}
            aria-invalid={fields.notes.errors ? true : undefined}
            aria-describedby={[hintId, fields.notes.errors ? fields.notes.errorId : null].filter(Boolean).join(" ")}
          />
          <NotesGoToCustomer id={hintId} />
          {fields.notes.errors ? (
            <p id={fields.notes.errorId} className="text-sm text-red-700">
              {fields.notes.errors[0]}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" name="decision" value="approve" disabled={busy} className="flex-1 bg-green-700 hover:bg-green-800">
            {t`Approve Payment`}
          </Button>
          <Button type="button" variant="destructive" disabled={busy} className="flex-1" onClick={() => setRejecting(true)}>
            {t`Reject Payment`}
          </Button>
        </div>
      </fetcher.Form>

      <Dialog open={rejecting} onOpenChange={(open) => !busy && setRejecting(open)}>
        <DialogContent
          title={t`Reject this payment?`}
          description={t`The customer is told the payment was rejected and why. They can then upload a new proof of the same transfer or pay again.`}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            reasonRef.current?.focus();
          }}
        >
          <fetcher.Form method="post" className="space-y-4" {...getFormProps(rejectForm)}>
            <input type="hidden" name="intent" value={DECIDE_PAYMENT_INTENT} />
            <input type="hidden" name="paymentId" value={payment.id} />
            <input type="hidden" name="decision" value="reject" />
            <div className="space-y-1.5">
              <Label htmlFor={reasonId}>{t`Reason for the rejection (required)`}</Label>
              <Textarea
                ref={reasonRef}
                id={reasonId}
                name="notes"
                value={notes}
                maxLength={ADMIN_NOTES_MAX}
                onChange={(event) => setNotes(event.target.value)}
                placeholder={t`Add internal notes about this payment...`}
                disabled={busy}
                required
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={[reasonHintId, reasonError ? rejectFields.notes.errorId : null].filter(Boolean).join(" ")}
              />
              <NotesGoToCustomer id={reasonHintId} />
              {reasonError ? (
                <p id={rejectFields.notes.errorId} className="text-sm text-red-700">
                  {reasonError}
                </p>
              ) : null}
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" disabled={busy} onClick={() => setRejecting(false)}>
                {t`Cancel`}
              </Button>
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy ? t`Rejecting...` : t`Reject Payment`}
              </Button>
            </div>
          </fetcher.Form>
        </DialogContent>
      </Dialog>
    </>
  );
}
