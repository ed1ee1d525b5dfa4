import { Trans, useLingui } from "@lingui/react/macro";
import { Plus, X } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { Button } from "~/components/ui/button";
import { FieldError, RequiredMark, type FieldMeta } from "./form-section";

/**
 * A list of short texts (service cities, service types): type one, Add (or Enter), remove any with its
 * button. The list travels as `name[0]`, `name[1]`, ... hidden fields; `clean` decides what the list keeps
 * (trimmed, empties and, for some lists, duplicates dropped), the same rule the schema applies.
 */
export function TextListInput({
  field,
  label,
  values,
  onChange,
  clean,
  required = false,
  placeholder,
}: {
  field: FieldMeta;
  label: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  clean: (values: readonly string[]) => string[];
  required?: boolean;
  placeholder?: string;
}) {
  const [draft, setDraft] = useState("");
  const { t } = useLingui();
  const lower = label.toLowerCase();
  const error = field.errors?.[0];
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
          id={field.id}
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
              <span className="break-all">{value}</span>
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
