import { getFormProps } from "@conform-to/react";
import { useLingui } from "@lingui/react/macro";
import { useId, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm, type FormSchema } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import type { ActionResult } from "~/lib/http/forms";
import { ENDPOINTS } from "~/lib/http/endpoints";

/**
 * The proof photo's form, posted to the proof endpoint (multipart): a first proof for a new payment (the Zelle step)
 * or a new proof for a rejected transfer (its `paymentId`). `fields` are the hidden fields naming the payment;
 * `children` come before the file field. Submit Proof is disabled until a file is chosen; a success shows `success`
 * and runs `onDone`, and the page's data reloads by itself after the fetcher's submission.
 */
export function ProofUploadForm<Schema extends FormSchema>({
  schema,
  fields: hidden,
  success,
  onDone,
  leftButton,
  children,
}: {
  schema: Schema;
  fields: Record<string, string>;
  success: { title: string; description: string };
  onDone: () => void;
  leftButton?: (pending: boolean) => ReactNode;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const inputId = useId();
  const fetcher = useFetcher<ActionResult>();
  const [hasFile, setHasFile] = useState(false);
  const pending = fetcher.state !== "idle";
  useActionToast(fetcher.data, { success, onSuccess: onDone });
  const [form, fields] = useValidatedForm({ schema });
  const proof = fields.proof!;
  const proofError = proof.errors?.[0];

  return (
    <fetcher.Form
      method="post"
      action={ENDPOINTS.paymentProof}
      encType="multipart/form-data"
      className="space-y-4"
      {...getFormProps(form)}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <div className="space-y-1.5">
        <Label htmlFor={inputId}>{t`Proof of payment photo`}</Label>
        <Input
          id={inputId}
          name={proof.name}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          required
          aria-invalid={proofError ? true : undefined}
          aria-describedby={[proofError ? proof.errorId : null, `${inputId}-hint`].filter(Boolean).join(" ")}
          onChange={(event) => setHasFile(Boolean(event.currentTarget.files?.length))}
        />
        <p id={`${inputId}-hint`} className="text-xs text-slate-600">
          {t`JPEG, PNG or WebP, up to 10MB.`}
        </p>
        {proofError ? (
          <p id={proof.errorId} className="text-sm text-red-700">
            {proofError}
          </p>
        ) : null}
      </div>
      {/* In a dialog that scrolls (a phone, a short window), the buttons stay in view at its bottom edge. */}
      <div className="sticky -bottom-6 -mx-6 -mb-6 flex justify-between gap-2 border-t border-slate-200 bg-white px-6 py-4">
        {leftButton ? leftButton(pending) : <span />}
        <Button type="submit" disabled={!hasFile || pending}>
          {pending ? t`Submitting...` : t`Submit Proof`}
        </Button>
      </div>
    </fetcher.Form>
  );
}
