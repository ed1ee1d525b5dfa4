import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { signupFieldsSchema, signupServerSchema } from "~/features/auth/auth.schemas";
import type { TeamRole } from "~/lib/auth/session";
import { zodMessage } from "~/lib/i18n/translate";

// The Team tab's forms (the settings page's action, by intent) and the invitation page's form; the browser checks
// them with these schemas and the server parses them again.

export const INVITE_MEMBER_INTENT = "invite-member";
export const RESEND_INVITATION_INTENT = "resend-invitation";
export const REVOKE_INVITATION_INTENT = "revoke-invitation";
export const CHANGE_MEMBER_ROLE_INTENT = "change-member-role";
export const DEACTIVATE_MEMBER_INTENT = "deactivate-member";
export const REACTIVATE_MEMBER_INTENT = "reactivate-member";

/** The Team tab's forms, as the settings page's action takes them (the matrix tries each). */
export const TEAM_INTENTS = [
  INVITE_MEMBER_INTENT,
  RESEND_INVITATION_INTENT,
  REVOKE_INVITATION_INTENT,
  CHANGE_MEMBER_ROLE_INTENT,
  DEACTIVATE_MEMBER_INTENT,
  REACTIVATE_MEMBER_INTENT,
] as const;

/** The roles an admin gives, in the order the choices show them. */
export const TEAM_ROLE_CHOICES = ["staff", "admin"] as const satisfies readonly TeamRole[];

const roleField = z.enum(TEAM_ROLE_CHOICES, zodMessage(msg`Please choose a role`));

// The address is compared without case everywhere (one open invitation per address, one account per address).
const emailField = z
  .string(zodMessage(msg`Please enter a valid email address`))
  .trim()
  .min(1, { ...zodMessage(msg`Please enter a valid email address`), abort: true })
  .pipe(z.email(zodMessage(msg`Please enter a valid email address`)))
  .transform((email) => email.toLowerCase());

export const inviteMemberSchema = z.object({
  intent: z.literal(INVITE_MEMBER_INTENT),
  email: emailField,
  role: roleField,
});

const invitationId = z.uuid(zodMessage(msg`Invalid request`));
const memberId = z.uuid(zodMessage(msg`Invalid request`));

export const resendInvitationSchema = z.object({ intent: z.literal(RESEND_INVITATION_INTENT), invitationId });
export const revokeInvitationSchema = z.object({ intent: z.literal(REVOKE_INVITATION_INTENT), invitationId });
export const changeMemberRoleSchema = z.object({
  intent: z.literal(CHANGE_MEMBER_ROLE_INTENT),
  memberId,
  role: roleField,
});
export const deactivateMemberSchema = z.object({ intent: z.literal(DEACTIVATE_MEMBER_INTENT), memberId });
export const reactivateMemberSchema = z.object({ intent: z.literal(REACTIVATE_MEMBER_INTENT), memberId });

/**
 * The invitation page's form: the new member's name and password, with the sign-up rules (the first one broken is
 * shown as an 'Error' toast, as on the reset page). An empty password reads as "" so the length rule reports it.
 */
export const acceptInvitationSchema = z
  .object({
    name: signupFieldsSchema.shape.fullName,
    password: signupServerSchema.shape.password.prefault(""),
    confirmPassword: z.string().prefault(""),
  })
  .refine((value) => value.password === value.confirmPassword, {
    ...zodMessage(msg`Passwords do not match`),
    path: ["confirmPassword"],
  });
