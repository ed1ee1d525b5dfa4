import { getFormProps } from "@conform-to/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Clock } from "lucide-react";
import { useRef, useState } from "react";
import { Form, useActionData, useFetcher, useNavigation } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Field } from "~/components/ui/input";
import { isActionResult, type ActionFailure, type ActionResult } from "~/lib/http/forms";
import { formatDate } from "~/lib/i18n/format";
import { blockerList, DELETE_ACCOUNT_INTENT, WITHDRAW_DELETION_INTENT } from "../account-deletion";
import { deleteAccountSchema } from "../account-deletion.schemas";
import type { OwnDeletionStatus } from "../deletion-views";

/**
 * The Profile page's 'Delete my account': what is erased and what is kept; the request waiting for the agency, or
 * the last one declined and why; and the dialog (the password and the word DELETE). With a payment waiting for
 * review or a job in progress the card says the agency confirms it first, and the dialog sends a request instead; a
 * request still waiting can be withdrawn (a fetcher: the page reloads and the card offers the dialog again).
 *
 * The dialog is a page form (a navigation), not a fetcher: a deletion answers a redirect to the page that says so,
 * and while a page form is being sent the live stream's reload (the account's session is gone) cannot overtake it.
 * Its answer is the page's action data, read once per sending.
 */
export function DeleteAccountCard({ status }: { status: OwnDeletionStatus }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const actionData = useActionData<unknown>();
  // This form's answer only: the page's action data from the last sending of this dialog, once it is back.
  const [sent, setSent] = useState(false);
  const answer = sent && navigation.state === "idle" && isActionResult(actionData) ? actionData : undefined;
  useActionToast(answer, {
    onSuccess: () => {
      setSent(false);
      setOpen(false);
    },
    onFailure: () => setSent(false),
  });
  const [refusal, setRefusal] = useState<ActionFailure | null>(null);
  if (answer && !answer.ok && refusal !== answer) setRefusal(answer);
  if (!status.available) return null;
  const holding = blockerList(i18n, status.blockers);
  const requestedOn = status.pending ? formatDate(status.pending.requestedAt, i18n.locale, { dateStyle: "long" }) : "";
  const pendingReasons = status.pending ? blockerList(i18n, status.pending.blockers) : "";
  const declinedReason = status.declined?.reason ?? "";
  return (
    <Card aria-labelledby="delete-account-heading" className="border-red-200" data-testid="delete-account-card">
      <CardHeader>
        <CardTitle id="delete-account-heading">
          <Trans>Delete my account</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm text-slate-700">
        <div className="space-y-1">
          <p className="font-medium text-slate-900">
            <Trans>What is erased</Trans>
          </p>
          <p>
            <Trans>
              Your profile and picture, your information forms and their photos, your credentials and their passwords,
              your messages and their files, approvals, delivered files, notes the agency kept about you, notifications
              and data exports. You are signed out everywhere and cannot sign in again.
            </Trans>
          </p>
        </div>
        <div className="space-y-1">
          <p className="font-medium text-slate-900">
            <Trans>What is kept</Trans>
          </p>
          <p>
            <Trans>
              The records of your payments and refunds, which the agency must keep for bookkeeping, without your name,
              e-mail, phone or files. You get a confirmation e-mail, then we forget your address too.
            </Trans>
          </p>
        </div>
        {status.pending ? (
          <div className="space-y-3">
            <p
              role="status"
              className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950"
              data-testid="deletion-pending"
            >
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{t`Deletion requested on ${requestedOn}. The agency confirms it first (${pendingReasons}); we will tell you by e-mail.`}</span>
            </p>
            <WithdrawRequest />
          </div>
        ) : (
          <>
            {status.declined ? (
              <p
                className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-slate-800"
                data-testid="deletion-declined"
              >
                {t`Your last request was declined: ${declinedReason}`}
              </p>
            ) : null}
            {holding ? (
              <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
                {t`${holding}: the agency confirms your deletion first. Your request waits for them, and we tell you by e-mail.`}
              </p>
            ) : null}
            <div className="flex justify-end">
              <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
                {holding ? t`Request deletion` : t`Delete my account`}
              </Button>
            </div>
          </>
        )}
      </CardContent>
      {open ? (
        <DeleteAccountDialog
          requestOnly={holding !== ""}
          sending={navigation.state !== "idle" && navigation.formData?.get("intent") === DELETE_ACCOUNT_INTENT}
          refusal={refusal}
          onSend={() => {
            setRefusal(null);
            setSent(true);
          }}
          onClose={() => {
            setRefusal(null);
            setOpen(false);
          }}
        />
      ) : null}
    </Card>
  );
}

/** 'Withdraw request': the request waiting for the agency is taken back; the answer is a toast. */
function WithdrawRequest() {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  // Read as soon as it comes, while the page reloads: once reloaded, the request and this button are gone.
  useActionToast(fetcher.data);
  const sending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="flex justify-end">
      <input type="hidden" name="intent" value={WITHDRAW_DELETION_INTENT} />
      <Button type="submit" variant="outline" disabled={sending}>
        {sending ? t`Withdrawing...` : t`Withdraw request`}
      </Button>
    </fetcher.Form>
  );
}

function DeleteAccountDialog({
  requestOnly,
  sending,
  refusal,
  onSend,
  onClose,
}: {
  requestOnly: boolean;
  sending: boolean;
  refusal: ActionFailure | null;
  onSend: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [form, fields] = useValidatedForm({
    schema: deleteAccountSchema,
    id: "delete-account",
    onValid: () => onSend(),
  });
  const serverError = (field: string) => (refusal?.field === field ? refusal.error : undefined);
  return (
    <Dialog open onOpenChange={(next) => !next && !sending && onClose()}>
      <DialogContent
        role="alertdialog"
        title={requestOnly ? t`Request the deletion of your account?` : t`Delete your account?`}
        description={
          requestOnly
            ? t`The agency confirms it first. Once it does, everything listed is erased for good.`
            : t`This cannot be undone: everything listed is erased now and you are signed out.`
        }
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          passwordRef.current?.focus();
        }}
        data-testid="delete-account-dialog"
      >
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value={DELETE_ACCOUNT_INTENT} />
          <Field
            ref={passwordRef}
            id="delete-account-password"
            name="password"
            type="password"
            label={t`Your password`}
            autoComplete="current-password"
            readOnly={sending}
            error={fields.password.errors?.[0] ?? serverError("password")}
          />
          <Field
            id="delete-account-confirmation"
            name="confirmation"
            label={t`Type DELETE to confirm`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            readOnly={sending}
            error={fields.confirmation.errors?.[0] ?? serverError("confirmation")}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={sending} onClick={onClose}>
              {t`Cancel`}
            </Button>
            <Button type="submit" variant="destructive" disabled={sending}>
              {sending
                ? requestOnly
                  ? t`Sending...`
                  : t`Deleting...`
                : requestOnly
                  ? t`Send the request`
                  : t`Delete my account`}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
