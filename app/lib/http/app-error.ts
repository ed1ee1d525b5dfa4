import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * Every refusal the server can answer, by code: its HTTP status and the message a person reads, in their
 * language. Use cases throw `new AppError("customer_not_found")`; the one answer function
 * (error-answer.server.ts) renders the message with the request's i18n instance. A new refusal is a new row
 * here, never an English sentence that a route compares or looks up.
 */
export const ERROR_CODES = {
  // Who is asking
  not_signed_in: { status: 401, message: msg`You must be logged in` },
  forbidden: { status: 403, message: msg`You don't have permission to do that` },
  // What the request carried
  invalid_request: { status: 400, message: msg`Invalid request` },
  invalid_input: { status: 400, message: msg`Invalid input` },
  unknown_intent: { status: 400, message: msg`Unknown action` },
  body_too_large: { status: 413, message: msg`Request body too large` },
  invalid_body: { status: 400, message: msg`Invalid request body` },
  // What the request named
  not_found: { status: 404, message: msg`Not found` },
  customer_not_found: { status: 404, message: msg`Customer not found` },
  // The server's side
  internal: { status: 500, message: msg`Something went wrong` },
  unavailable: { status: 503, message: msg`The service is temporarily unavailable. Please try again in a moment.` },
} as const satisfies Record<string, { status: number; message: MessageDescriptor }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}

/**
 * A refusal with its code. The status comes from the code's row unless the thrower knows better (the same
 * 'not found' is a 404 for a page and a 409 for a payment already decided). `detail` carries a message that is
 * already in the request's language, made by a shared zod schema parsed on the server (the schemas' messages
 * are read through `translate`, which follows the request's language there): the field's own words beat the
 * code's generic text.
 */
export class AppError extends Error {
  readonly status: number;
  /** A message already in the request's language, shown instead of the code's. */
  readonly detail: string | undefined;
  /** The code message's placeholders (`Payment {paymentNumber} ...`). */
  readonly values: Record<string, string | number> | undefined;

  constructor(
    readonly code: ErrorCode,
    options: { status?: number; detail?: string; values?: Record<string, string | number> } = {},
  ) {
    super(options.detail ?? code);
    this.status = options.status ?? ERROR_CODES[code].status;
    this.detail = options.detail;
    this.values = options.values;
  }
}
