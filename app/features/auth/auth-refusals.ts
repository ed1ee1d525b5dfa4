import type { I18n } from "@lingui/core";
import type { AuthError } from "~/lib/auth/auth-api";
import { ACCOUNT_DEACTIVATED, ACCOUNT_LOCKED } from "~/lib/auth/auth-codes";
import { codeMessage, type ErrorCode } from "~/lib/http/app-error";
import { PASSWORD_TOO_COMMON_CODE } from "./auth.schemas";

/**
 * The auth handler answers in Better Auth's shape, `{ code, message }` with Better Auth's own codes and its hooks'
 * (auth-codes.ts), and the message in English. Each form words a refusal from its code in the page's language: its
 * table gives the code's row in ERROR_CODES, the rate limit's 429 (which has no code) has its own, and anything else
 * reads as the form's general failure. The refusal's data (a lock's minutes) fills the message's placeholders.
 */
interface FormRefusals {
  codes: Readonly<Record<string, ErrorCode>>;
  tooManyTries?: ErrorCode;
  otherwise: ErrorCode;
}

type Refusal = Partial<AuthError> | null | undefined;

const SIGN_IN: FormRefusals = {
  codes: {
    INVALID_EMAIL_OR_PASSWORD: "wrong_credentials",
    [ACCOUNT_LOCKED]: "account_locked",
    [ACCOUNT_DEACTIVATED]: "account_deactivated",
  },
  tooManyTries: "sign_in_rate_limited",
  otherwise: "sign_in_failed",
};

const SIGN_UP: FormRefusals = {
  codes: {
    USER_ALREADY_EXISTS: "email_registered",
    USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email_registered",
    [PASSWORD_TOO_COMMON_CODE]: "password_too_common",
  },
  otherwise: "sign_up_failed",
};

const RESET: FormRefusals = {
  codes: {
    INVALID_TOKEN: "reset_link_invalid",
    USER_NOT_FOUND: "reset_link_invalid",
    [PASSWORD_TOO_COMMON_CODE]: "password_too_common",
  },
  tooManyTries: "reset_rate_limited",
  otherwise: "reset_failed",
};

/** The code of the refusal's row, or null when the form has none for it. */
function known(form: FormRefusals, error: Refusal): ErrorCode | null {
  if (error?.code && Object.hasOwn(form.codes, error.code)) return form.codes[error.code]!;
  if (error?.status === 429 && form.tooManyTries) return form.tooManyTries;
  return null;
}

/** Only plain values reach a message's placeholders. */
function valuesOf(error: Refusal): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(error?.values ?? {}).filter(([, value]) => typeof value === "string" || typeof value === "number"),
  );
}

const word = (i18n: I18n, form: FormRefusals, error: Refusal) =>
  codeMessage(i18n, known(form, error) ?? form.otherwise, valuesOf(error));

/** The sign-in forms' message (customer and admin login): wrong credentials, a locked account, too many tries... */
export function loginErrorMessage(error: Refusal, i18n: I18n): string {
  return word(i18n, SIGN_IN, error);
}

/** The sign-up form's message: already registered, a common password, or a general failure. */
export function signupErrorMessage(error: Refusal, i18n: I18n): string {
  return word(i18n, SIGN_UP, error);
}

/**
 * The reset form's message. A refusal the form has no code for shows the server's own message when there is one:
 * the server's checks of the new password that the browser has already made in the page's language.
 */
export function resetPasswordErrorMessage(error: Refusal, i18n: I18n): string {
  const code = known(RESET, error);
  if (code) return codeMessage(i18n, code, valuesOf(error));
  return error?.message || codeMessage(i18n, RESET.otherwise);
}

/** The reset page's message for a link without a token, as for a spent one. */
export function resetLinkInvalidMessage(i18n: I18n): string {
  return codeMessage(i18n, "reset_link_invalid");
}

/** The forgot-password form's message when it was sent too often. */
export function resetRequestRefusedMessage(i18n: I18n): string {
  return codeMessage(i18n, "reset_rate_limited");
}
