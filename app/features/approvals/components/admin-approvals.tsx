import { getFormProps } from "@conform-to/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Paperclip, Send } from "lucide-react";
import { useId, useState, type ChangeEvent } from "react";
import { useFetcher } from "react-router";
import { PickButton, PickedFileList, usePickedFiles } from "~/components/forms/file-pickers";
import { FieldError, TextField } from "~/components/forms/form-section";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, useFocusReturn } from "~/components/ui/dialog";
import { Label } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { UPLOAD_KINDS } from "~/domain/upload-kinds";
import type { ServiceType } from "~/domain/service-catalog";
import type { ActionResult } from "~/lib/http/forms";
import {
  REQUEST_APPROVAL_INTENT,
  requestApprovalFormSchema,
  ROUND_MESSAGE_MAX,
  ROUND_TITLE_MAX,
} from "../approvals.schemas";
import type { ReviewRoundView } from "../review-round-views";
import { ReviewRoundsPanel } from "./review-rounds-panel";

const ACCEPT = "image/jpeg,image/png,image/webp,application/pdf";
const FILES = UPLOAD_KINDS["approval-file"];

/**
 * A service tab's approvals, on the admin's side: 'Request approval' (a dialog sending the customer the next
 * round) above the round waiting for the customer and the earlier versions with their answers.
 */
export function AdminApprovals({
  service,
  rounds,
  action,
}: {
  service: ServiceType;
  rounds: readonly ReviewRoundView[];
  action: string;
}) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const opener = useFocusReturn(asking);
  return (
    <Card data-testid="approvals">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <CardTitle>{t`Approvals`}</CardTitle>
        <Button ref={opener} type="button" onClick={() => setAsking(true)} data-testid="request-approval">
          <Send aria-hidden="true" />
          {t`Request approval`}
        </Button>
      </CardHeader>
      <CardContent>
        {rounds.length === 0 ? (
          <p className="text-slate-600">{t`Nothing has been sent for approval yet.`}</p>
        ) : (
          <ReviewRoundsPanel rounds={rounds} viewerIsAgency action={action} />
        )}
      </CardContent>
      {asking ? <RequestApprovalDialog service={service} action={action} onClose={() => setAsking(false)} /> : null}
    </Card>
  );
}

/**
 * The next round: a title, an optional message and preview link, and up to 6 images or PDFs (10 MB each). The
 * browser checks the fields against the action's own schema and the files' type, size and count; what the
 * server still refuses (a file's bytes) is said in the dialog, which stays open with what was written.
 */
function RequestApprovalDialog({
  service,
  action,
  onClose,
}: {
  service: ServiceType;
  action: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== "idle";
  const attachments = usePickedFiles("approval-file");
  const [refusal, setRefusal] = useState<string | null>(null);
  const id = useId();
  const [form, fields] = useValidatedForm({
    id: `request-approval-${service}`,
    schema: requestApprovalFormSchema,
    onValid(event) {
      event.preventDefault();
      const data = new FormData(event.currentTarget);
      for (const file of attachments.files) data.append("files", file);
      setRefusal(null);
      void fetcher.submit(data, { method: "post", action, encType: "multipart/form-data" });
    },
  });
  useActionToast(fetcher.data, {
    onSuccess: onClose,
    onFailure: () => {
      const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
      // A refused file is named and dropped; the dialog keeps what was written.
      setRefusal(failure && attachments.refusedByServer(failure) ? null : (failure?.error ?? null));
    },
  });
  const fileProblem = attachments.problem;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = "";
    if (picked.length > 0) void attachments.pick(picked);
  };

  const messageError = fields.message.errors?.[0];
  const maxMb = FILES.maxBytes / (1024 * 1024);
  const maxFiles = FILES.maxFiles;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent
        title={t`Request approval`}
        description={t`The customer is notified and can approve it or ask for changes.`}
        className="max-w-2xl"
      >
        <form method="post" encType="multipart/form-data" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name={fields.intent.name} value={REQUEST_APPROVAL_INTENT} />
          <input type="hidden" name={fields.service.name} value={service} />
          {service === "website" ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-800">{t`What the customer approves`}</legend>
              <label className="flex items-start gap-2 text-sm text-slate-900">
                <input
                  type="radio"
                  name={fields.purpose.name}
                  value="draft"
                  defaultChecked
                  className="mt-1 size-4 accent-blue-700"
                />
                <span>{t`A draft: the checklist does not move`}</span>
              </label>
              <label className="flex items-start gap-2 text-sm text-slate-900">
                <input type="radio" name={fields.purpose.name} value="launch" className="mt-1 size-4 accent-blue-700" />
                <span>{t`The finished site, for launch: approving it ticks 'Review & Client Approval' and the second payment is due`}</span>
              </label>
            </fieldset>
          ) : (
            <input type="hidden" name={fields.purpose.name} value="draft" />
          )}
          <TextField field={fields.title} label={t`Title`} required maxLength={ROUND_TITLE_MAX} />
          <div className="space-y-1.5">
            <Label htmlFor={fields.message.id}>{t`Message`}</Label>
            <Textarea
              id={fields.message.id}
              name={fields.message.name}
              rows={4}
              maxLength={ROUND_MESSAGE_MAX}
              aria-invalid={messageError ? true : undefined}
              aria-describedby={messageError ? fields.message.errorId : undefined}
            />
            <FieldError id={fields.message.errorId} message={messageError} />
          </div>
          <TextField
            field={fields.link}
            label={t`Link`}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            hint={t`A preview the customer can open, such as the site's test address.`}
          />
          <div className="space-y-2">
            <p id={`${id}-files-label`} className="text-sm font-medium text-slate-800">
              {t`Files`}
            </p>
            <PickedFileList
              label={t`Files to send`}
              files={attachments.files}
              disabled={pending}
              onRemove={attachments.remove}
            />
            <PickButton label={t`Choose files`} icon={Paperclip}>
              <input
                type="file"
                multiple
                accept={ACCEPT}
                className="sr-only"
                aria-labelledby={`${id}-files-label`}
                aria-describedby={`${id}-files-hint${fileProblem ? ` ${id}-files-problem` : ""}`}
                aria-invalid={fileProblem ? true : undefined}
                disabled={pending || attachments.files.length >= maxFiles}
                onChange={pick}
                data-testid="request-approval-files"
              />
            </PickButton>
            <p id={`${id}-files-hint`} className="text-xs text-slate-600">
              <Trans>
                Up to {maxFiles} files: JPEG, PNG or WebP images or PDF, {maxMb} MB each.
              </Trans>
            </p>
            {fileProblem ? (
              <p id={`${id}-files-problem`} role="alert" className="text-sm text-red-700">
                {fileProblem}
              </p>
            ) : null}
          </div>
          {refusal ? (
            <p role="alert" className="text-sm text-red-700">
              {refusal}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              {t`Cancel`}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? t`Sending...` : t`Send for approval`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
