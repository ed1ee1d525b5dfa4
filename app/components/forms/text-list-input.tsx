import { Trans, useLingui } from "@lingui/react/macro";
import { Plus, X } from "lucide-react";
import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "~/components/ui/button";
import { FieldError, RequiredMark, type FieldMeta } from "./form-section";

/** Conform's name for the hidden button its own revalidation submits carry; a real submit has none. */
const CONFORM_INTENT = "__intent__";

/**
 * A list of short texts (service cities, service types): type one, Add (or Enter), remove any with its
 * button. The list travels as `name[0]`, `name[1]`, ... hidden fields; `clean` decides what the list keeps
 * (trimmed, empties and, for some lists, duplicates dropped), the same rule the schema applies.
 *
 * Text typed but not added yet counts: it travels as the next entry, and a submit adds it to the list (people
 * type a city and press the form's submit without Add). Once the list's error has shown, every change
 * checks the list again (`revalidate`), so the message goes as soon as the list is fixed.
 */
export function TextListInput({
  field,
  label,
  values,
  onChange,
  clean,
  required = false,
  placeholder,
  revalidate,
}: {
  field: FieldMeta;
  label: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  clean: (values: readonly string[]) => string[];
  required?: boolean;
  placeholder?: string;
  /** Checks this field again (Conform's `form.validate({ name })`). */
  revalidate?: () => void;
}) {
  const [draft, setDraft] = useState("");
  const { t } = useLingui();
  const lower = label.toLowerCase();
  const error = field.errors?.[0];
  const inputRef = useRef<HTMLInputElement>(null);
  const pending = draft.trim() !== "";

  // Checked once (its error has shown): from then on each change of the list or the typed text checks it again.
  const checked = useRef(false);
  useEffect(() => {
    if (error) checked.current = true;
  }, [error]);
  const check = useEffectEvent(() => {
    if (checked.current) revalidate?.();
  });
  const changed = useRef(false);
  const entries = pending ? draft : "";
  useEffect(() => {
    if (!changed.current) {
      changed.current = true;
      return;
    }
    check();
  }, [values, entries]);

  // A real submit (not Conform's revalidation) adds the typed text to the list, as Add would.
  const addPendingOnSubmit = useEffectEvent((event: SubmitEvent) => {
    const submitter = event.submitter as HTMLButtonElement | null;
    if (submitter?.name === CONFORM_INTENT || !pending) return;
    onChange(clean([...values, draft]));
    setDraft("");
  });
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const listener = (event: SubmitEvent) => addPendingOnSubmit(event);
    form.addEventListener("submit", listener);
    return () => form.removeEventListener("submit", listener);
  }, []);
  const add = () => {
    onChange(clean([...values, draft]));
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  };
  return (
    <div className="space-y-2">
      <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={field.id}
          // Typed but not added: sent as the list's next entry.
          name={pending ? `${field.name}[${values.length}]` : undefined}
          value={draft}
          placeholder={placeholder}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? field.errorId : undefined}
          className="flex h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none aria-[invalid=true]:border-red-600 sm:text-sm"
        />
        <Button type="button" variant="outline" onClick={add} aria-label={t`Add ${lower}`}>
          <Plus aria-hidden="true" />
          <Trans>Add</Trans>
        </Button>
      </div>
      {values.map((value, index) => (
        <input key={`${index}-${value}`} type="hidden" name={`${field.name}[${index}]`} value={value} />
      ))}
      {values.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {values.map((value, index) => (
            <li
              key={`${index}-${value}`}
              className="flex items-center gap-1 rounded-full border border-blue-200 bg-blue-50 py-1 pr-1 pl-3 text-sm text-blue-900"
            >
              <span className="[overflow-wrap:anywhere]">{value}</span>
              <button
                type="button"
                onClick={() => onChange(values.filter((_, at) => at !== index))}
                aria-label={t`Remove ${value}`}
                className="rounded-full p-1 hover:bg-blue-100 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id={field.errorId} message={error} />
    </div>
  );
}
