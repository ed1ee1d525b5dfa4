import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { FormEvent } from "react";
import type { z } from "zod";
import { notify } from "~/components/ui/toast";
import { msg } from "@lingui/core/macro";
import { firstError, type FieldErrors, type FormReply } from "~/lib/http/forms";
import { translate } from "~/lib/i18n/translate";

/** Conform's name for the hidden field its own revalidation submits carry; a real submit has none. */
const CONFORM_INTENT = "__intent__";

/** A form's schema: an object of fields in, an object out. */
export type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface ValidatedFormOptions<Schema extends FormSchema> {
  schema: Schema;
  id?: string;
  /** The server's Conform reply, when the action answers with one. */
  lastResult?: FormReply | null;
  /** The toast that shows the first error on submit: 'Validation Error' unless the form names another title; false for none. */
  toastTitle?: string | false;
  /** Fields whose errors are shown only beside the field, never in the toast. */
  inlineOnly?: readonly string[];
  /** The toast's text for the first error, from its message and field name (e.g. a card's label before it). */
  toastMessage?: (message: string, field: string) => string;
  /**
   * Runs on a valid submit, with the parsed value. A `Form` / `fetcher.Form` then sends the form as usual;
   * call `event.preventDefault()` to send it another way (sign-in and sign-up post to the auth handler).
   */
  onValid?: (event: FormEvent<HTMLFormElement>, value: z.output<Schema>) => void;
}

/**
 * The one client form helper: Conform's `useForm`, validated in the browser by `parseWithZod` against the
 * same schema the action parses with. Field errors go beside their fields (`fields.x.errors`, which a
 * `Field` shows with `aria-invalid` and `aria-describedby`), and on submit the first error is shown in a
 * toast titled 'Validation Error'. Spread `getFormProps(form)` on the form.
 */
export function useValidatedForm<Schema extends FormSchema>({
  schema,
  id,
  lastResult,
  // A form's first error goes in a toast titled 'Validation Error', in the page's language.
  toastTitle = translate(msg`Validation Error`),
  inlineOnly = [],
  toastMessage,
  onValid,
}: ValidatedFormOptions<Schema>) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const submission = parseWithZod(formData, { schema });
      if (submission.status === "error" && !formData.has(CONFORM_INTENT) && toastTitle !== false) {
        toastFirstError(submission.error, toastTitle, inlineOnly, toastMessage);
      }
      return submission;
    },
    onSubmit(event, { submission }) {
      if (submission?.status === "success") onValid?.(event, submission.value);
    },
  });
}

/** Shows the first error that is not shown only inline, as a destructive toast with this title. */
export function toastFirstError(
  errors: FieldErrors,
  title: string,
  inlineOnly: readonly string[] = [],
  describe?: (message: string, field: string) => string,
): void {
  let field = "";
  const message = firstError(errors, (name) => {
    if (inlineOnly.includes(name)) return false;
    field = name;
    return true;
  });
  if (message) notify.error(describe ? describe(message, field) : message, title);
}
