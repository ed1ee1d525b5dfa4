import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { zodMessage } from "~/lib/i18n/translate";
import {
  APPROVE_DELETION_INTENT,
  DECLINE_DELETION_INTENT,
  DELETE_ACCOUNT_INTENT,
  DELETE_CUSTOMER_INTENT,
  DELETION_REASON_MAX,
  isDeletionWord,
} from "./account-deletion";

/** The confirmation field: the word DELETE, typed. */
// The same words as the refusal deletion_not_confirmed (the word is the page language's: DELETE, ELIMINAR).
const typeTheWord = zodMessage(msg`Type DELETE to confirm`);
const confirmation = z.string(typeTheWord).refine(isDeletionWord, typeTheWord);

/** A reason an admin writes: required, at most DELETION_REASON_MAX characters. */
const reason = (missing: ReturnType<typeof zodMessage>) =>
  z
    .string(missing)
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .refine((value) => value.length > 0, missing)
    .refine(
      (value) => value.length <= DELETION_REASON_MAX,
      zodMessage(msg`The reason can be at most ${DELETION_REASON_MAX} characters`),
    );

/** The Profile page's 'Delete my account' dialog: the account's password and the word DELETE. */
export const deleteAccountSchema = z.object({
  intent: z.literal(DELETE_ACCOUNT_INTENT),
  password: z.string(zodMessage(msg`Please enter your password`)).min(1, zodMessage(msg`Please enter your password`)),
  confirmation,
});

/** The customer page's 'Delete customer' dialog (admins): why, and the word DELETE. */
export const deleteCustomerSchema = z.object({
  intent: z.literal(DELETE_CUSTOMER_INTENT),
  reason: reason(zodMessage(msg`Please write the reason for the deletion`)),
  confirmation,
});

/** The work queue's approval of a customer's deletion request. */
export const approveDeletionSchema = z.object({
  intent: z.literal(APPROVE_DELETION_INTENT),
  requestId: z.uuid(),
});

/** The work queue's decline of a deletion request: the reason is required, the customer reads it. */
export const declineDeletionSchema = z.object({
  intent: z.literal(DECLINE_DELETION_INTENT),
  requestId: z.uuid(),
  reason: reason(zodMessage(msg`Please write the reason: the customer reads it`)),
});
