import type { I18n } from "@lingui/core";
import { data } from "react-router";
import type { ActionFailure } from "../forms";
import { logger } from "../logger.server";
import { AppError, ERROR_CODES, type ErrorCode } from "./app-error";

/** A refusal as a person reads it: the status, the code and the message in the request's language. */
export interface Refusal {
  status: number;
  code: ErrorCode;
  message: string;
}

/** What an AppError says in this language; null for anything else (a bug or an outage, not a refusal). */
export function describeError(error: unknown, i18n: I18n): Refusal | null {
  if (!(error instanceof AppError)) return null;
  const { id, message: english } = ERROR_CODES[error.code].message;
  const message = error.detail ?? i18n._(id, error.values, { message: english });
  return { status: error.status, code: error.code, message };
}

/**
 * The answer of a page action that failed: `{ ok: false, error }` with the refusal's status, the same shape as
 * a form that did not parse, which `useActionToast` shows as a toast. Anything but an AppError is rethrown, so
 * the framework logs it and shows the error page, as for a failing loader.
 */
export function actionFailure(error: unknown, i18n: I18n) {
  const refusal = describeError(error, i18n);
  if (!refusal) throw error;
  return data<ActionFailure>({ ok: false, error: refusal.message }, { status: refusal.status });
}

/**
 * The answer of an endpoint that is not a page (the card checkout, the files route, the card webhook):
 * `{ ok: false, error: { code, message } }`. Anything but an AppError is logged and answered as 500.
 */
export function jsonFailure(error: unknown, i18n: I18n): Response {
  let refusal = describeError(error, i18n);
  if (!refusal) {
    logger.error({ err: error }, "Request failed");
    refusal = { status: 500, code: "internal", message: i18n._(ERROR_CODES.internal.message) };
  }
  return Response.json({ ok: false, error: { code: refusal.code, message: refusal.message } }, { status: refusal.status });
}
