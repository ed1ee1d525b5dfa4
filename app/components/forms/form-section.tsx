import { useId, type ReactNode } from "react";
import { cn } from "~/lib/utils";

/** One titled part of an information form or its read-only view (a region named by its heading). */
export function FormSection({
  title,
  description,
  action,
  className,
  children,
  headingLevel = 2,
}: {
  title: string;
  /** h2 on a page of its own; h3 inside a card whose title is the h2. */
  headingLevel?: 2 | 3;
  description?: ReactNode;
  /** Beside the title, e.g. an info button. */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby={id}
      className={cn("space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6", className)}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="space-y-1">
          <Heading id={id} className="text-base font-semibold text-slate-900">
            {title}
          </Heading>
          {description ? <p className="text-sm text-slate-600">{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The red asterisk after a required field's label; screen readers hear "required" from the input itself. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  );
}

/** What a form field needs from Conform's field metadata (or hand-made for fields outside it). */
export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
}

/**
 * A labelled text input with its inline error: `aria-invalid` and `aria-describedby` tie the message to
 * the input. Uncontrolled: `defaultValue` is the saved value.
 */
export function TextField({
  field,
  label,
  required = false,
  hint,
  className,
  ...props
}: Omit<React.ComponentProps<"input">, "id" | "name"> & {
  field: FieldMeta;
  label: string;
  required?: boolean;
  hint?: string;
}) {
  const error = field.errors?.[0];
  const hintId = `${field.id}-hint`;
  const describedBy = [error ? field.errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <input
        id={field.id}
        name={field.name}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none disabled:opacity-60 aria-[invalid=true]:border-red-600 sm:text-sm"
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}
