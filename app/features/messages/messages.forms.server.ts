import { form } from "~/lib/http/actions.server";
import { markMessagesRead } from "./mark-messages-read.server";
import { markMessagesReadFormSchema, sendMessageFormSchema } from "./messages.schemas";
import { sendMessage } from "./send-message.server";

/**
 * The composer's post in the conversation of customer `userId` (`intent=send-message`: body, files), on the
 * customer's Messages page and the admin's Messages tab alike; a refusal is a toast beside the composer.
 */
export const sendMessageForm = (userId: string) =>
  form({
    schema: sendMessageFormSchema,
    run: ({ services, user, form: posted }, { body }) =>
      sendMessage(services, user, { userId, body, files: posted.getAll("files") }),
    success: (_, { id }) => ({ ok: true as const, messageId: id }),
  });

/** The thread was shown with unread messages (`intent=mark-messages-read`): the viewer's side has read them. No toast. */
export const markMessagesReadForm = (userId: string) =>
  form({
    schema: markMessagesReadFormSchema,
    run: ({ services, user }) => markMessagesRead(services, user, { userId }),
    success: (_, { marked }) => ({ ok: true as const, marked }),
  });
