import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";

/**
 * What every page action answers, on both sides of the wire: `{ ok: true }` (with the toast's text when the
 * server decides it) or `{ ok: false, error }` with a 4xx status. A form that must show field errors without
 * JavaScript may answer Conform's submission reply instead; `useActionToast` reads both.
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

/**
 * An optional text field: Windows line ends made plain, trimmed, "" when not written, at most `max` characters
 * (`tooLong` says so). The limit is a refine after the transform, not a piped string schema: Conform's
 * parseWithZod turns an empty string into "missing" in every string schema it reaches, a piped one included, so
 * an empty field would be refused as 'expected string, received undefined'.
 */
export function optionalText(max: number, tooLong: { error: () => string }) {
  return z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\r\n?/g, "\n").trim())
    .refine((value) => value.length <= max, tooLong);
}
