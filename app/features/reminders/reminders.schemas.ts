import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { zodMessage } from "~/lib/i18n/translate";

// The Reminders card's forms on the Messages tab of a customer's page (the tab's action, by intent); the browser
// checks them with these schemas and the server parses them again.

/** 'Send a reminder now': one reminder of everything waiting on the customer. */
export const SEND_REMINDER_INTENT = "send-reminder";
/** 'Pause reminders' (`paused=true`) and 'Resume reminders' (`paused=false`). */
export const PAUSE_REMINDERS_INTENT = "pause-reminders";

/** The card's forms, as the Messages tab's action takes them (the matrix tries each). */
export const REMINDER_INTENTS = [SEND_REMINDER_INTENT, PAUSE_REMINDERS_INTENT] as const;

export const sendReminderSchema = z.object({ intent: z.literal(SEND_REMINDER_INTENT) });

export const pauseRemindersSchema = z.object({
  intent: z.literal(PAUSE_REMINDERS_INTENT),
  /** The buttons post "true" or "false"; anything else is no choice of theirs. */
  paused: z.enum(["true", "false"], zodMessage(msg`Invalid request`)).transform((value) => value === "true"),
});
