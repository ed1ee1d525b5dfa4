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
import type { ReviewPayment } from "~/features/payments/payment-views";

/**
 * The message that goes to the customer with a decision, and its error. It is named for what it is: the customer
 * reads it in the notification and the e-mail, so it is no internal note (the customer's Notes tab keeps those). The
 * card's box and the reject dialog's share one message (`value`): what is typed in one is in the other.
 */
function PaymentNotesField({
  id,
  label,
  placeholder,
  hint,
  field,
  value,
  onChange,
  disabled,
  required = false,
  inputRef,
}: {
  id: string;
  label: string;
  placeholder: string;
  hint: string;
  field: { errorId: string; errors?: string[] };
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  required?: boolean;
  inputRef?: React.Ref<HTMLTextAreaElement>;
}) {
  const hintId = `${id}-hint`;
  const error = field.errors?.[0];
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        ref={inputRef}
        id={id}
        name="notes"
        value={value}
        maxLength={ADMIN_NOTES_MAX}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? field.errorId : null].filter(Boolean).join(" ")}
      />
      <p id={hintId} className="text-xs text-slate-600" data-testid="notes-sent-hint">
        {hint}
      </p>
      {error ? (
        <p id={field.errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A pending payment's decision: the message to the customer and the Approve / Reject buttons (disabled while this payment's
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

  return (
    <>
      <fetcher.Form method="post" className="space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={DECIDE_PAYMENT_INTENT} />
        <input type="hidden" name="paymentId" value={payment.id} />
        <PaymentNotesField
          id={`admin-notes-${payment.id}`}
          label={t`Message to the customer (optional)`}
          placeholder={t`For example: Thank you, the transfer has arrived.`}
          hint={t`Sent to the customer with your decision. A note only the team reads goes in this customer's Notes tab.`}
          field={fields.notes}
          value={notes}
          onChange={setNotes}
          disabled={busy}
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            type="submit"
            name="decision"
            value="approve"
            disabled={busy}
            className="flex-1 bg-green-700 hover:bg-green-800"
          >
            {t`Approve Payment`}
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={busy}
            className="flex-1"
            onClick={() => setRejecting(true)}
          >
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
            <PaymentNotesField
              id={`reject-reason-${payment.id}`}
              label={t`Reason for the rejection (required)`}
              placeholder={t`For example: The amount in the photo cannot be read.`}
              hint={t`Sent to the customer with your decision`}
              field={rejectFields.notes}
              value={notes}
              onChange={setNotes}
              disabled={busy}
              required
              inputRef={reasonRef}
            />
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
