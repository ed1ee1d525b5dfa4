import type { I18n } from "@lingui/core";
import { data } from "react-router";
import type { ActionFailure } from "./forms";
import { logger } from "../logger.server";
import { AppError, ERROR_CODES, refusalMessage, type ErrorCode } from "./app-error";

/** A refusal as a person reads it: the status, the code and the message in the request's language. */
export interface Refusal {
  status: number;
  code: ErrorCode;
  message: string;
}

/** What an AppError says in this language; null for anything else (a bug or an outage, not a refusal). */
function describeError(error: unknown, i18n: I18n): Refusal | null {
  if (!(error instanceof AppError)) return null;
  return { status: error.status, code: error.code, message: refusalMessage(error, i18n) };
}

/**
 * The answer of a page action that failed: `{ ok: false, error }` with the refusal's status, the same shape as
 * a form that did not parse, which `useActionToast` shows as a toast (and the form beside its `field`, when the
 * refusal names one). Anything but an AppError is rethrown, so
 * the framework logs it and shows the error page, as for a failing loader.
 */
export function actionFailure(error: unknown, i18n: I18n) {
  const refusal = describeError(error, i18n);
  if (!refusal) throw error;
  const field = (error as AppError).options.field;
  return data<ActionFailure>(
    { ok: false, error: refusal.message, ...(field ? { field } : {}) },
    { status: refusal.status },
  );
}

/**
 * A loader's refusal (the page asked for does not exist, or is not the reader's): thrown as the route's error
 * response with the message as its data, which the page's error boundary shows. Anything else is rethrown.
 */
export function loaderFailure(error: unknown, i18n: I18n): never {
  const refusal = describeError(error, i18n);
  if (!refusal) throw error;
  throw data(refusal.message, { status: refusal.status });
}

/**
 * The answer of an endpoint that is not a page (the card checkout, the files route, the card webhook):
 * `{ ok: false, error: { code, message } }`. Anything but an AppError is logged and answered as 500.
 */
export function jsonFailure(error: unknown, i18n: I18n): { status: number; body: JsonFailure } {
  let refusal = describeError(error, i18n);
  if (!refusal) {
    logger.error({ err: error }, "Request failed");
    refusal = { status: 500, code: "internal", message: i18n._(ERROR_CODES.internal.message) };
  }
  return { status: refusal.status, body: { ok: false, error: { code: refusal.code, message: refusal.message } } };
}

/** What an endpoint that is not a page answers when it refuses or fails. */
export interface JsonFailure {
  ok: false;
  error: { code: ErrorCode; message: string };
}
