import { Label } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { DELETION_REASON_MAX } from "../account-deletion";

/** A labelled, required reason with its hint and its error (the browser's check, or the server's refusal), tied for screen readers. */
export function ReasonField({
  id,
  label,
  hint,
  error,
  disabled,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
  disabled: boolean;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        name="reason"
        maxLength={DELETION_REASON_MAX}
        required
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
