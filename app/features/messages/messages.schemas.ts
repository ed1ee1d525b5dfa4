import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { optionalText } from "~/lib/http/form-fields";
import { zodMessage } from "~/lib/i18n/translate";

/** The longest message, after trimming. */
export const MESSAGE_MAX = 5000;
/** Messages a page of the thread holds: the newest with the page, then this many more each time it pages back. */
export const MESSAGE_PAGE_SIZE = 50;

export const SEND_MESSAGE_INTENT = "send-message";
export const MARK_MESSAGES_READ_INTENT = "mark-messages-read";

const messageMax = MESSAGE_MAX.toLocaleString("en-US");

/** The composer's text: trimmed; empty is allowed here (files alone), the use case refuses a message with neither. */
export const sendMessageFormSchema = z.object({
  intent: z.literal(SEND_MESSAGE_INTENT),
  body: optionalText(MESSAGE_MAX, zodMessage(msg`A message can be at most ${messageMax} characters`)),
});

export const markMessagesReadFormSchema = z.object({ intent: z.literal(MARK_MESSAGES_READ_INTENT) });

/** The thread's page-back request: the oldest message shown so far. */
export const earlierMessagesSchema = z.object({ before: z.uuid() });
