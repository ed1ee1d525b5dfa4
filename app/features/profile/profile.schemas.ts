import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { translate, zodMessage } from "~/lib/i18n/translate";
import { passwordProblem, signupFieldsSchema } from "~/features/auth/auth.schemas";
import { UPLOAD_KINDS } from "~/domain/upload-kinds";

/**
 * The page's texts as Lingui descriptors (docs/decisions/026), read in the active language: the toasts in the
 * browser, the action's answers in the request's language. PROFILE_MESSAGES keeps their English.
 */
export const PROFILE_TEXTS = {
  updated: msg`Profile updated successfully`,
  passwordChanged: msg`Password changed successfully`,
  avatarUpdated: msg`Profile picture updated successfully`,
  passwordTooShort: msg`Password must be at least 6 characters`,
  currentPasswordMissing: msg`Please enter your current password`,
  currentPasswordWrong: msg`Current password is incorrect`,
  passwordsDoNotMatch: msg`Passwords do not match`,
  emailPreferencesSaved: msg`Email preferences saved`,
  // The avatar's messages (app/domain/upload-kinds.ts, UPLOAD_KINDS.avatar.messages).
  avatarInvalid: msg`Please select a valid image`,
  avatarTooLarge: msg`Image must be smaller than 2MB`,
};

/** The profile page's own minimum for a new password, checked first; the sign-up rules (12 and four classes) come after it. */
const PROFILE_PASSWORD_MIN_LENGTH = 6;

export const UPDATE_PROFILE_INTENT = "update-profile";
export const CHANGE_PASSWORD_INTENT = "change-password";
export const UPLOAD_AVATAR_INTENT = "upload-avatar";
export const EMAIL_PREFERENCES_INTENT = "email-preferences";

/** A checkbox as the form sends it: "on" when ticked, absent when not. */
const checkbox = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

/**
 * The e-mail preferences, two checkboxes: e-mail updates (payment decisions and completed progress steps by e-mail)
 * and reminders (the e-mails and notifications of something waiting on the customer).
 */
export const emailPreferencesSchema = z.object({
  intent: z.literal(EMAIL_PREFERENCES_INTENT),
  emailUpdates: checkbox,
  reminders: checkbox,
});

/** Personal Information: the sign-up form's rules for the name, phone and company (Email is read-only). */
export const personalInfoSchema = signupFieldsSchema.pick({ fullName: true, phone: true, companyName: true }).extend({
  intent: z.literal(UPDATE_PROFILE_INTENT),
});
export type PersonalInfo = z.infer<typeof personalInfoSchema>;

/** The first problem of a password change, in the issue's order; the current password is checked last. */
export function passwordChangeProblem(value: {
  currentPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}): { field: "currentPassword" | "newPassword" | "confirmPassword"; message: string } | null {
  const next = value.newPassword ?? "";
  if (next !== (value.confirmPassword ?? ""))
    return { field: "confirmPassword", message: translate(PROFILE_TEXTS.passwordsDoNotMatch) };
  if (next.length < PROFILE_PASSWORD_MIN_LENGTH)
    return { field: "newPassword", message: translate(PROFILE_TEXTS.passwordTooShort) };
  const weak = passwordProblem(next);
  if (weak) return { field: "newPassword", message: weak };
  if (!value.currentPassword)
    return { field: "currentPassword", message: translate(PROFILE_TEXTS.currentPasswordMissing) };
  return null;
}

/** Change Password: Current Password, New Password, Confirm Password; one message at a time, in order. */
export const changePasswordSchema = z
  .object({
    intent: z.literal(CHANGE_PASSWORD_INTENT),
    currentPassword: z.string().optional(),
    newPassword: z.string().optional(),
    confirmPassword: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    const problem = passwordChangeProblem(value);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  })
  .transform((value) => ({
    intent: value.intent,
    currentPassword: value.currentPassword ?? "",
    newPassword: value.newPassword ?? "",
  }));

/** The avatar: an image (by its declared type here; the server sniffs the bytes) of at most 2 MB. */
export const avatarFormSchema = z.object({
  intent: z.literal(UPLOAD_AVATAR_INTENT),
  avatar: z
    .custom<Blob>((value) => value instanceof Blob && value.size > 0, zodMessage(PROFILE_TEXTS.avatarInvalid))
    .refine(
      (file) => !(file instanceof Blob) || !file.type || file.type.startsWith("image/"),
      zodMessage(PROFILE_TEXTS.avatarInvalid),
    )
    .refine(
      (file) => !(file instanceof Blob) || file.size <= UPLOAD_KINDS.avatar.maxBytes,
      zodMessage(PROFILE_TEXTS.avatarTooLarge),
    ),
});
