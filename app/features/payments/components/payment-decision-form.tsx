import { getFormProps } from "@conform-to/react";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/http/forms";
import { ADMIN_NOTES_MAX, DECIDE_PAYMENT_INTENT, decisionFormSchema } from "../payment-review";
import type { ReviewPayment } from "../payment-views";

/**
 * A pending payment's decision: the Admin Notes and the Approve / Reject buttons (disabled while this
 * payment's decision is on its way). Posts `intent=decide` to the page it is on, whose action hands it to
 * `decidePaymentAction`: the customer's detail page and the admin dashboard's work queue share it, so the
 * rules, notes and notifications are the same from both.
 */
export function PaymentDecisionForm({ payment }: { payment: ReviewPayment }) {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  // The page's action answers 'Status Updated' / 'Payment has been approved' (or the refusal's message).
  useActionToast(fetcher.data);
  const [form, fields] = useValidatedForm({ schema: decisionFormSchema, id: `decision-${payment.id}` });
  const [notes, setNotes] = useState(payment.adminNotes ?? "");
  const busy = fetcher.state !== "idle";
  const notesId = `admin-notes-${payment.id}`;

  return (
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
          aria-describedby={fields.notes.errors ? fields.notes.errorId : undefined}
        />
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
        <Button type="submit" name="decision" value="reject" variant="destructive" disabled={busy} className="flex-1">
          {t`Reject Payment`}
        </Button>
      </div>
    </fetcher.Form>
  );
}
