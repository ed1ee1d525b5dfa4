import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/http/forms";
import { useActionToast } from "./use-action-toast";
import { useValidatedForm, type FormSchema } from "./use-validated-form";

export interface ConfirmedSubmitOptions<Schema extends FormSchema> {
  id: string;
  schema: Schema;
  /** The toast of a successful save. */
  successTitle: string;
  /** After a successful save: back to the read-only view. */
  onDone: () => void;
  /** Adds the files the customer picked (kept in the page, not in the form's inputs) to what is sent. */
  addFiles: (data: FormData) => void;
}

/**
 * The information forms' edit / confirm pattern: the form is checked in the browser, then the 'Confirm
 * Submission' dialog asks before the form and its picked files go to the page's action as one multipart
 * request. On success the saved toast shows and `onDone` runs; on a refusal the dialog closes and the error
 * shows. Spread `dialog` on `ConfirmSubmissionDialog`.
 */
export function useConfirmedSubmit<Schema extends FormSchema>({
  id,
  schema,
  successTitle,
  onDone,
  addFiles,
}: ConfirmedSubmitOptions<Schema>) {
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [form, fields] = useValidatedForm({
    id,
    schema,
    onValid(event) {
      event.preventDefault();
      formRef.current = event.currentTarget;
      setConfirming(true);
    },
  });
  useActionToast(fetcher.data, {
    success: { title: successTitle },
    onSuccess: () => {
      setConfirming(false);
      onDone();
    },
    onFailure: () => setConfirming(false),
  });

  const confirm = () => {
    const element = formRef.current;
    if (!element) return;
    const data = new FormData(element);
    addFiles(data);
    void fetcher.submit(data, { method: "post", encType: "multipart/form-data" });
  };
  const dialog = {
    open: confirming,
    onOpenChange: (open: boolean) => {
      if (!pending) setConfirming(open);
    },
    onConfirm: confirm,
    pending,
  };
  return { form, fields, pending, dialog };
}
