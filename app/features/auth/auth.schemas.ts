import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { translate, zodMessage } from "~/lib/i18n/translate";
import { phoneDigits } from "./phone";

const PASSWORD_MIN_LENGTH = 12;

/** The error code of a new password found in the list of common ones (new-password.server.ts). */
export const PASSWORD_TOO_COMMON_CODE = "PASSWORD_TOO_COMMON";

// The messages are Lingui descriptors read in the active language when a form is checked (`zodMessage`,
// `translate`: app/lib/i18n/translate.ts); on the server they read in English. docs/decisions/026.

/** The sign-up password rules, in the order they are checked; the first one broken is reported. */
const passwordRules: { test: (password: string) => boolean; message: MessageDescriptor }[] = [
  { test: (p) => p.length >= PASSWORD_MIN_LENGTH, message: msg`Password must be at least 12 characters` },
  { test: (p) => /[A-Z]/.test(p), message: msg`Password must contain at least one uppercase letter` },
  { test: (p) => /[a-z]/.test(p), message: msg`Password must contain at least one lowercase letter` },
  { test: (p) => /[0-9]/.test(p), message: msg`Password must contain at least one number` },
  { test: (p) => /[^A-Za-z0-9]/.test(p), message: msg`Password must contain at least one special character` },
];

export function passwordProblem(password: string): string | null {
  const broken = passwordRules.find((rule) => !rule.test(password));
  return broken ? translate(broken.message) : null;
}

const passwordsDoNotMatch = msg`Passwords do not match`;

const required = (message: MessageDescriptor) =>
  z
    .string(zodMessage(message))
    .trim()
    .min(1, { ...zodMessage(message), abort: true });
const emailField = required(msg`Please enter your email`).pipe(
  z.email(zodMessage(msg`Please enter a valid email address`)),
);
const phoneField = required(msg`Please enter your phone number`).refine(
  (value) => phoneDigits(value).length === 10,
  zodMessage(msg`Please enter a 10-digit US phone number`),
);
const passwordField = z.string().superRefine((password, ctx) => {
  const problem = passwordProblem(password);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** The fields checked inline under the inputs. */
export const signupFieldsSchema = z.object({
  fullName: required(msg`Please enter your full name`).max(
    200,
    zodMessage(msg`Full name must be less than 200 characters`),
  ),
  email: emailField,
  phone: phoneField,
  companyName: z.string().trim().max(200, zodMessage(msg`Company name must be less than 200 characters`)).optional(),
});

/** The password checks, each shown as a toast titled 'Error', in the rules' order. */
export const signupPasswordSchema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, zodMessage(passwordsDoNotMatch));

/**
 * The whole sign-up form as the browser checks it: the fields (shown inline) and then the password rules
 * and the confirmation (shown as 'Error' toasts). An empty password reads as "" so the length rule reports it.
 */
export const signupFormSchema = signupFieldsSchema
  .extend({ password: passwordField.prefault(""), confirmPassword: z.string().prefault("") })
  .refine((value) => value.password === value.confirmPassword, {
    ...zodMessage(passwordsDoNotMatch),
    path: ["confirmPassword"],
  });

/** The fields of the sign-up form whose errors show under their inputs; the others are toasts. */
export const SIGNUP_INLINE_FIELDS = ["fullName", "email", "phone", "companyName"] as const;

/** What the server checks on the sign-up request itself (Better Auth's body: name, email, password, ...). */
export const signupServerSchema = z.object({
  name: signupFieldsSchema.shape.fullName,
  email: emailField,
  password: passwordField,
  phone: phoneField,
  companyName: signupFieldsSchema.shape.companyName.nullable(),
});

/** The server's check of the sign-up request (passed to createAuth): the first problem's message, or null. */
export function signupServerProblem(body: unknown): string | null {
  const parsed = signupServerSchema.safeParse(body);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Invalid input");
}

export const loginSchema = z.object({
  email: required(msg`Please enter your email`),
  password: required(msg`Please enter your password`),
});

export const adminLoginSchema = z.object({
  email: required(msg`Please fill in all fields`),
  password: required(msg`Please fill in all fields`),
});

/** The second step of an admin sign-in, and the enrolment's confirmation: an authenticator or backup code. */
export const twoFactorCodeSchema = z.object({
  code: required(msg`Please enter the code`),
});

/** The enrolment's first step: the password confirms the admin is who the session says. */
export const twoFactorPasswordSchema = z.object({
  password: required(msg`Please enter your password`),
});

export const forgotPasswordSchema = z.object({ email: emailField });

/** The reset form: the new password follows the sign-up rules (shown as 'Error' toasts, like sign-up). */
export const resetPasswordFormSchema = z
  .object({ password: passwordField.prefault(""), confirmPassword: z.string().prefault("") })
  .refine((value) => value.password === value.confirmPassword, {
    ...zodMessage(passwordsDoNotMatch),
    path: ["confirmPassword"],
  });

/** RESET_REQUESTED_MESSAGE in the active language. */
export function resetRequestedMessage(): string {
  return translate(
    msg`If an account exists for that email, we have sent a link to reset its password. The link works once and expires in one hour.`,
  );
}
