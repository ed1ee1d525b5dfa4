import { z } from "zod";
import { passwordProblem, PASSWORDS_DO_NOT_MATCH, signupFieldsSchema } from "~/features/auth/auth.schemas";
import { UPLOAD_KINDS } from "~/lib/uploads";

export const PROFILE_MESSAGES = {
  updated: "Profile updated successfully",
  updateFailed: "Could not update profile",
  passwordChanged: "Password changed successfully",
  passwordFailed: "Could not change password",
  avatarUpdated: "Profile picture updated successfully",
  avatarFailed: "Could not upload image",
  passwordTooShort: "Password must be at least 6 characters",
  currentPasswordMissing: "Please enter your current password",
  currentPasswordWrong: "Current password is incorrect",
} as const;

/** The spec's minimum for a changed password (section 9); the sign-up rules (12 and four classes) follow it. */
export const PROFILE_PASSWORD_MIN_LENGTH = 6;

export const UPDATE_PROFILE_INTENT = "update-profile";
export const CHANGE_PASSWORD_INTENT = "change-password";
export const UPLOAD_AVATAR_INTENT = "upload-avatar";
export const EMAIL_PREFERENCES_INTENT = "email-preferences";
export const EMAIL_PREFERENCES_SAVED = "Email preferences saved";
export const EMAIL_PREFERENCES_FAILED = "Could not save email preferences";

/** E-mail updates: a checkbox (absent when unticked): payment decisions and completed progress steps by e-mail. */
export const emailPreferencesSchema = z.object({
  intent: z.literal(EMAIL_PREFERENCES_INTENT),
  emailUpdates: z.literal("on").optional().transform((value) => value === "on"),
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
  if (next !== (value.confirmPassword ?? "")) return { field: "confirmPassword", message: PASSWORDS_DO_NOT_MATCH };
  if (next.length < PROFILE_PASSWORD_MIN_LENGTH) return { field: "newPassword", message: PROFILE_MESSAGES.passwordTooShort };
  const weak = passwordProblem(next);
  if (weak) return { field: "newPassword", message: weak };
  if (!value.currentPassword) return { field: "currentPassword", message: PROFILE_MESSAGES.currentPasswordMissing };
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
  .transform((value) => ({ intent: value.intent, currentPassword: value.currentPassword ?? "", newPassword: value.newPassword ?? "" }));

const avatarMessages = UPLOAD_KINDS.avatar.messages;

/** The avatar: an image (by its declared type here; the server sniffs the bytes) of at most 2 MB. */
export const avatarFormSchema = z.object({
  intent: z.literal(UPLOAD_AVATAR_INTENT),
  avatar: z
    .custom<Blob>((value) => value instanceof Blob && value.size > 0, { message: avatarMessages.missing })
    .refine((file) => !(file instanceof Blob) || !file.type || file.type.startsWith("image/"), { message: avatarMessages.notImage })
    .refine((file) => !(file instanceof Blob) || file.size <= UPLOAD_KINDS.avatar.maxBytes, { message: avatarMessages.tooLarge }),
});

export const profilePageFormSchema = z.discriminatedUnion("intent", [personalInfoSchema, changePasswordSchema, avatarFormSchema, emailPreferencesSchema]);
