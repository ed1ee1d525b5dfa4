import type { ShouldRevalidateFunctionArgs } from "react-router";
import {
  APPROVE_DELETION_INTENT,
  DECLINE_DELETION_INTENT,
  DELETE_CUSTOMER_INTENT,
} from "~/features/account-deletion/account-deletion";
import { REQUEST_APPROVAL_INTENT } from "~/features/approvals/approvals.schemas";
import { SAVE_CREDENTIALS_INTENT } from "~/features/credentials/credentials.schemas";
import {
  ADD_DELIVERED_FILE_INTENT,
  REMOVE_DELIVERED_FILE_INTENT,
} from "~/features/delivered-files/delivered-files.schemas";
import { MARK_MESSAGES_READ_INTENT } from "~/features/messages/messages.schemas";
import { DELETE_NOTE_INTENT, SAVE_NOTE_INTENT } from "~/features/notes/notes.schemas";
import { PAUSE_REMINDERS_INTENT, SEND_REMINDER_INTENT } from "~/features/reminders/reminders.schemas";
import { MARK_REVIEWED_INTENT } from "~/features/work-queue/work-queue.schemas";
import { ASSIGN_CUSTOMER_INTENT } from "~/features/users/assignment.schemas";
import { isActionResult } from "~/lib/http/forms";

/**
 * The tabs' forms that change nothing the header shows (the customer, 'Assigned to', the deletion request and what
 * holds it back, the unread count). A thread marked read lowers the count, but its change reaches the page live; a
 * reminder sent or paused is the customer's bell and the Reminders card only.
 * Every other tab's form can change it: a payment decided or refunded and a step ticked move the deletion
 * request's standing, and an answer sent clears the agency's unread count.
 */
const HEADER_UNCHANGED: ReadonlySet<string> = new Set([
  SAVE_CREDENTIALS_INTENT,
  SAVE_NOTE_INTENT,
  DELETE_NOTE_INTENT,
  MARK_REVIEWED_INTENT,
  MARK_MESSAGES_READ_INTENT,
  REQUEST_APPROVAL_INTENT,
  ADD_DELIVERED_FILE_INTENT,
  REMOVE_DELIVERED_FILE_INTENT,
  SEND_REMINDER_INTENT,
  PAUSE_REMINDERS_INTENT,
]);

/** Whether a form of the customer's page (by its intent) can change what the header shows. */
export function changesHeader(intent: string): boolean {
  return !HEADER_UNCHANGED.has(intent);
}

/** The header's forms: no tab shows what they change. */
const HEADER_INTENTS: ReadonlySet<string> = new Set([
  ASSIGN_CUSTOMER_INTENT,
  DELETE_CUSTOMER_INTENT,
  APPROVE_DELETION_INTENT,
  DECLINE_DELETION_INTENT,
]);

/**
 * An open tab's `shouldRevalidate`: its data reloads after its own changes, on a live change and as React Router
 * would otherwise, but not after a refused change (nothing changed), a form that changes nothing the tab shows
 * (marking a form seen; a thread read, whose change reaches it live) or a form of the header.
 */
export function tabShouldRevalidate({
  actionResult,
  actionStatus,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if ((actionStatus ?? 200) >= 400 || (isActionResult(actionResult) && !actionResult.ok)) return false;
  const intent = formData?.get("intent");
  if (typeof intent !== "string") return defaultShouldRevalidate;
  if (intent === MARK_REVIEWED_INTENT || intent === MARK_MESSAGES_READ_INTENT || HEADER_INTENTS.has(intent))
    return false;
  return defaultShouldRevalidate;
}
