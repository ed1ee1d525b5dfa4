import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { firstError, type ActionFailure, type FormReply } from "./forms";
import { ERROR_CODES } from "./app-error";
import { translate } from "../i18n/translate";

export type FormParse<Value> =
  | { ok: true; value: Value }
  | {
      ok: false;
      /** The first field's first message: what the toast shows and what `formFailure` answers. */
      error: string;
      /** Conform's reply with every field's errors, for a form that renders them from the server. */
      reply: FormReply;
    };

/** A form that could not be read at all, in the request's language. */
const invalidRequest = () => translate(ERROR_CODES.invalid_request.message);

/**
 * The one way an action reads a form: the body (a Request's url-encoded or multipart form, or FormData)
 * parsed by Conform's `parseWithZod` against the same zod schema the browser validated with. Out comes the
 * typed value, or the field errors. The server never trusts that the browser checked first.
 */
export async function parseForm<Schema extends z.ZodType>(
  source: Request | FormData,
  schema: Schema,
): Promise<FormParse<z.output<Schema>>> {
  let formData: FormData;
  if (source instanceof Request) {
    try {
      formData = await source.formData();
    } catch {
      const error = invalidRequest();
      return { ok: false, error, reply: { status: "error", error: { "": [error] } } };
    }
  } else {
    formData = source;
  }
  const submission = parseWithZod(formData, { schema });
  if (submission.status === "success") return { ok: true, value: submission.value as z.output<Schema> };
  // Files are never echoed back to the browser.
  const reply = submission.reply({ hideFields: fileFields(formData) });
  return { ok: false, error: firstError(submission.error) ?? invalidRequest(), reply };
}

function fileFields(formData: FormData): string[] {
  const names = new Set<string>();
  for (const [name, value] of formData.entries()) if (typeof value !== "string") names.add(name);
  return [...names];
}

/** The answer to a form that did not parse: 400 with the first message, the same shape as every refusal. */
export function formFailure(parsed: { error: string }) {
  return data<ActionFailure>({ ok: false, error: parsed.error }, { status: 400 });
}
