import { msg } from "@lingui/core/macro";
import { MessagesPanel } from "~/features/messages/components/messages-panel";
import { conversationFrame } from "~/features/messages/conversation-frame";
import { listMessages } from "~/features/messages/list-messages.server";
import { markMessagesReadForm, sendMessageForm } from "~/features/messages/messages.forms.server";
import { MARK_MESSAGES_READ_INTENT, SEND_MESSAGE_INTENT } from "~/features/messages/messages.schemas";
import { CustomerReminders } from "~/features/reminders/components/customer-reminders";
import { getCustomerReminders } from "~/features/reminders/get-customer-reminders.server";
import {
  PAUSE_REMINDERS_INTENT,
  pauseRemindersSchema,
  REMINDER_INTENTS,
  SEND_REMINDER_INTENT,
  sendReminderSchema,
} from "~/features/reminders/reminders.schemas";
import { sendReminderNow } from "~/features/reminders/send-reminder-now.server";
import { setRemindersPaused } from "~/features/reminders/set-reminders-paused.server";
import { loaderFailure } from "~/lib/http/error-answer.server";
import { form, intentAction } from "~/lib/http/actions.server";
import { customerPagePath } from "~/lib/http/paths";
import { requestContext } from "~/lib/http/request-context.server";
import { tabShouldRevalidate } from "./revalidation";
import { TabError } from "./tab-error";
import type { Route } from "./+types/messages";

/**
 * The Messages tab: the customer's conversation, its newest page, with the agency's name and reply-time line; then
 * their reminders (what waits on them, what was sent, whether reminders run).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, user, i18n } = requestContext(context);
  try {
    const [thread, { general }, reminders] = await Promise.all([
      listMessages(services, user, { userId: params.userId }),
      services.settings.get(),
      getCustomerReminders(services, user, { userId: params.userId }),
    ]);
    return { thread, frame: conversationFrame(general, i18n), reminders };
  } catch (error) {
    loaderFailure(error, i18n);
  }
}

/** The forms this tab's action takes (the matrix tries each). */
export const intents = [SEND_MESSAGE_INTENT, MARK_MESSAGES_READ_INTENT, ...REMINDER_INTENTS] as const;

/**
 * The composer's post (body, files), the read mark the thread posts when it is shown with unread messages, and the
 * Reminders card's 'Send a reminder now' and 'Pause reminders' / 'Resume reminders'. Any other intent is refused
 * with 400.
 */
export async function action(args: Route.ActionArgs) {
  const { userId } = args.params;
  return intentAction(args, intents, {
    [SEND_MESSAGE_INTENT]: sendMessageForm(userId),
    [MARK_MESSAGES_READ_INTENT]: markMessagesReadForm(userId),
    // Nothing waiting is refused (409); a customer who turned reminders off gets it in the bell only.
    [SEND_REMINDER_INTENT]: form({
      schema: sendReminderSchema,
      run: ({ services, user }) => sendReminderNow(services, user, { userId }),
      success: ({ i18n }, { emailed }) => ({
        ok: true as const,
        title: i18n._(msg`Reminder sent`),
        message: emailed
          ? i18n._(msg`The customer receives it by e-mail and in the portal.`)
          : i18n._(msg`They turned reminder e-mails off, so it is in their notifications only.`),
      }),
    }),
    // paused: "true" pauses, "false" lets them run again.
    [PAUSE_REMINDERS_INTENT]: form({
      schema: pauseRemindersSchema,
      run: ({ services, user }, { paused }) => setRemindersPaused(services, user, { userId, paused }),
      success: ({ i18n }, _, { paused }) => ({
        ok: true as const,
        title: i18n._(paused ? msg`Reminders paused` : msg`Reminders resumed`),
      }),
    }),
  });
}

export const shouldRevalidate = tabShouldRevalidate;

export default function MessagesTab({ loaderData, params }: Route.ComponentProps) {
  const action = customerPagePath(params.userId, "messages");
  return (
    <div className="space-y-6">
      <MessagesPanel
        thread={loaderData.thread}
        frame={loaderData.frame}
        viewerIsAgency
        action={action}
        earlierPath={`/resources/messages/${params.userId}`}
      />
      <CustomerReminders reminders={loaderData.reminders} action={action} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TabError error={error} />;
}
