import { getFormProps } from "@conform-to/react";
import { useLingui } from "@lingui/react/macro";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Field } from "~/components/ui/input";
import { isActionResult, type ActionFailure } from "~/lib/http/forms";
import { DELETE_CUSTOMER_INTENT } from "../account-deletion";
import { deleteCustomerSchema } from "../account-deletion.schemas";
import { ReasonField } from "./reason-field";
import { CUSTOMER_LIST } from "~/lib/http/paths";

/**
 * The customer page's 'Delete customer' (admins only: the page shows it to them alone, the action refuses anyone
 * else): a dialog that says what goes and what stays, asks why (kept in the activity log) and for the word DELETE.
 * Posts `intent=delete-customer` to `action`, the customer page's own path, through a fetcher, so the tab open under
 * the header stays open: while it is being sent, the live stream's reload of a page whose customer is going waits
 * for its answer (use-live-updates.ts), and the page does not reload after it (the page's shouldRevalidate); on
 * success the admin lands on the customer list with the toast.
 */
export function DeleteCustomer({ customerName, action }: { customerName: string; action: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="text-red-800"
        onClick={() => setOpen(true)}
        data-testid="delete-customer-button"
      >
        <Trash2 aria-hidden="true" />
        {/* On a phone the icon alone, so the customer's name keeps the header's width; its name stays for screen readers. */}
        <span className="sr-only sm:not-sr-only">{t`Delete customer`}</span>
      </Button>
      {open ? (
        <DeleteCustomerDialog customerName={customerName} action={action} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function DeleteCustomerDialog({
  customerName,
  action,
  onClose,
}: {
  customerName: string;
  action: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const fetcher = useFetcher<unknown>();
  const busy = fetcher.state !== "idle";
  // The answer once its sending is back.
  const answer = !busy && isActionResult(fetcher.data) ? fetcher.data : undefined;
  useActionToast(answer, { onSuccess: () => void navigate(CUSTOMER_LIST, { replace: true }) });
  // A refusal stays beside its field until the next sending.
  const [refusal, setRefusal] = useState<ActionFailure | null>(null);
  if (answer && !answer.ok && refusal !== answer) setRefusal(answer);
  const [form, fields] = useValidatedForm({
    schema: deleteCustomerSchema,
    id: "delete-customer",
    onValid: () => setRefusal(null),
  });
  const serverError = (field: string) => (refusal?.field === field ? refusal.error : undefined);
  const name = customerName || t`this customer`;
  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent role="alertdialog" title={t`Delete ${name}?`} data-testid="delete-customer-dialog">
        <div className="space-y-2 text-sm text-slate-700">
          <p>{t`Their profile, files, messages, information forms, credentials and notes are erased for good, and they are signed out. They get a confirmation e-mail.`}</p>
          <p>{t`Their payments stay for the books, without their name, e-mail, phone or files. A payment still waiting for review is closed without review.`}</p>
        </div>
        <fetcher.Form method="post" action={action} className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value={DELETE_CUSTOMER_INTENT} />
          <ReasonField
            id="delete-customer-reason"
            label={t`Reason (required)`}
            hint={t`Kept in the activity log; the customer does not read it.`}
            error={fields.reason.errors?.[0] ?? serverError("reason")}
            disabled={busy}
          />
          <Field
            id="delete-customer-confirmation"
            name="confirmation"
            label={t`Type DELETE to confirm`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={busy}
            error={fields.confirmation.errors?.[0] ?? serverError("confirmation")}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              {t`Cancel`}
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? t`Deleting...` : t`Delete customer`}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
