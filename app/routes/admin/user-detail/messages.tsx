import { MessagesPanel } from "~/features/messages/components/messages-panel";
import { conversationFrame } from "~/features/messages/conversation-frame";
import { listMessages } from "~/features/messages/list-messages.server";
import { markMessagesReadForm, sendMessageForm } from "~/features/messages/messages.forms.server";
import { MARK_MESSAGES_READ_INTENT, SEND_MESSAGE_INTENT } from "~/features/messages/messages.schemas";
import { loaderFailure } from "~/lib/http/error-answer.server";
import { intentAction } from "~/lib/http/actions.server";
import { customerPagePath } from "~/lib/http/paths";
import { requestContext } from "~/lib/http/request-context.server";
import { tabShouldRevalidate } from "./revalidation";
import { TabError } from "./tab-error";
import type { Route } from "./+types/messages";

/** The Messages tab: the customer's conversation, its newest page, with the agency's name and reply-time line. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, user, i18n } = requestContext(context);
  try {
    const [thread, { general }] = await Promise.all([
      listMessages(services, user, { userId: params.userId }),
      services.settings.get(),
    ]);
    return { thread, frame: conversationFrame(general, i18n) };
  } catch (error) {
    loaderFailure(error, i18n);
  }
}

/** The forms this tab's action takes (the matrix tries each). */
export const intents = [SEND_MESSAGE_INTENT, MARK_MESSAGES_READ_INTENT] as const;

/**
 * The composer's post (body, files) and the read mark the thread posts when it is shown with unread messages. Any
 * other intent is refused with 400.
 */
export async function action(args: Route.ActionArgs) {
  const { userId } = args.params;
  return intentAction(args, intents, {
    [SEND_MESSAGE_INTENT]: sendMessageForm(userId),
    [MARK_MESSAGES_READ_INTENT]: markMessagesReadForm(userId),
  });
}

export const shouldRevalidate = tabShouldRevalidate;

export default function MessagesTab({ loaderData, params }: Route.ComponentProps) {
  return (
    <MessagesPanel
      thread={loaderData.thread}
      frame={loaderData.frame}
      viewerIsAgency
      action={customerPagePath(params.userId, "messages")}
      earlierPath={`/resources/messages/${params.userId}`}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TabError error={error} />;
}
