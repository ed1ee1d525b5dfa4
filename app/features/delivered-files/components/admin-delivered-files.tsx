import { useLingui } from "@lingui/react/macro";
import { Trash2, Upload } from "lucide-react";
import { useId, useState, type ChangeEvent } from "react";
import { useFetcher } from "react-router";
import { ConfirmActionDialog } from "~/components/forms/confirm-action-dialog";
import { PickButton } from "~/components/forms/file-pickers";
import { useActionToast } from "~/components/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { checkUploadSizes, UPLOAD_KINDS } from "~/domain/upload-kinds";
import type { ServiceType } from "~/domain/service-catalog";
import type { ActionResult } from "~/lib/http/forms";
import type { DeliveredFileView } from "../delivered-file-views";
import { ADD_DELIVERED_FILE_INTENT, REMOVE_DELIVERED_FILE_INTENT } from "../delivered-files.schemas";
import { DeliveredFilesList } from "./delivered-files-list";

/**
 * A service tab's delivered files, on the admin's side: 'Add file' (one file of any type, sent as soon as it is
 * picked), then the files newest first as the customer sees them, each with a Remove that asks first.
 */
export function AdminDeliveredFiles({
  service,
  files,
  action,
}: {
  service: ServiceType;
  files: readonly DeliveredFileView[];
  action: string;
}) {
  const { t } = useLingui();
  const [removing, setRemoving] = useState<DeliveredFileView | null>(null);
  return (
    <Card data-testid="delivered-files">
      <CardHeader>
        <CardTitle>{t`Files`}</CardTitle>
        <CardDescription>{t`Finished work the customer can download.`}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <AddDeliveredFile service={service} action={action} />
        {files.length === 0 ? (
          <p className="text-slate-600">{t`No files delivered yet.`}</p>
        ) : (
          <DeliveredFilesList
            files={files}
            renderActions={(file) => (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t`Remove ${file.name}`}
                onClick={() => setRemoving(file)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            )}
          />
        )}
      </CardContent>
      {removing ? (
        <RemoveDeliveredFileDialog file={removing} action={action} onClose={() => setRemoving(null)} />
      ) : null}
    </Card>
  );
}

/**
 * 'Add file': the file picked is sent at once. The browser refuses a file over the kind's size before sending
 * it; what the server refuses is said under the button as well as in the toast.
 */
function AddDeliveredFile({ service, action }: { service: ServiceType; action: string }) {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const pending = fetcher.state !== "idle";
  useActionToast(fetcher.data, {
    onSuccess: () => setProblem(null),
    onFailure: () => setProblem(fetcher.data && !fetcher.data.ok ? fetcher.data.error : null),
  });

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const [file] = event.currentTarget.files ?? [];
    event.currentTarget.value = "";
    // The input stays enabled while a file is sent (disabling it would drop the keyboard's focus); a second
    // pick then waits for the first to finish.
    if (!file || pending) return;
    const refusal = checkUploadSizes("delivered-file", [file.size]);
    setProblem(refusal?.message ?? null);
    if (refusal) return;
    const form = new FormData();
    form.set("intent", ADD_DELIVERED_FILE_INTENT);
    form.set("service", service);
    form.set("file", file);
    void fetcher.submit(form, { method: "post", action, encType: "multipart/form-data" });
  };

  const maxMb = UPLOAD_KINDS["delivered-file"].maxBytes / (1024 * 1024);
  return (
    <div className="space-y-2">
      <PickButton label={t`Add file`} icon={Upload}>
        <input
          type="file"
          className="sr-only"
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
          aria-invalid={problem ? true : undefined}
          onChange={pick}
          data-testid="add-delivered-file"
        />
      </PickButton>
      <p id={`${id}-hint`} className="text-xs text-slate-600" aria-live="polite">
        {pending ? t`Uploading...` : t`Any type of file, up to ${maxMb} MB. The customer is notified by e-mail.`}
      </p>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** The confirmation before a file goes: the customer loses the download for good. */
function RemoveDeliveredFileDialog({
  file,
  action,
  onClose,
}: {
  file: DeliveredFileView;
  action: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const fileName = file.name;
  return (
    <ConfirmActionDialog
      title={t`Remove this file?`}
      description={t`The customer will no longer be able to download ${fileName}.`}
      fields={{ intent: REMOVE_DELIVERED_FILE_INTENT, fileId: file.id }}
      confirm={t`Remove`}
      confirming={t`Removing...`}
      action={action}
      onClose={onClose}
    />
  );
}
