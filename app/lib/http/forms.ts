import type { SubmissionResult } from "@conform-to/react";

/**
 * What every page action answers, on both sides of the wire: `{ ok: true }` (with the toast's text when the
 * server decides it) or `{ ok: false, error }` with a 4xx status. A form that must show field errors without
 * JavaScript may answer Conform's submission reply instead; `useActionToast` reads both. No schema code here:
 * every page with a toast imports this module, most of them without a form open (the fields are form-fields.ts).
 */
export type ActionSuccess = { ok: true; title?: string; message?: string };
/** `field`: the form field a server-side refusal is about (a check the browser could not make), shown beside it. */
export type ActionFailure = { ok: false; error: string; field?: string };
export type ActionResult = ActionSuccess | ActionFailure;

/** Conform's reply to a submission (the field errors, keyed by field name; "" holds the form's own). */
export type FormReply = SubmissionResult<string[]>;

export type FieldErrors = Record<string, readonly string[] | null | undefined> | null | undefined;

/**
 * The first message in a field-error record. Conform keys the record in the order zod reported the issues,
 * which is the schema's field order, so this is the error of the first field on the form.
 */
export function firstError(errors: FieldErrors, only?: (name: string) => boolean): string | undefined {
  for (const [name, messages] of Object.entries(errors ?? {})) {
    if (only && !only(name)) continue;
    const message = messages?.find((text) => text.length > 0);
    if (message) return message;
  }
  return undefined;
}

export function isActionResult(value: unknown): value is ActionResult {
  return Boolean(value) && typeof value === "object" && typeof (value as { ok?: unknown }).ok === "boolean";
}

export function isFormReply(value: unknown): value is FormReply {
  return Boolean(value) && typeof value === "object" && !isActionResult(value) && "status" in (value as object);
}
