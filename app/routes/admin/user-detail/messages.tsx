import { MessagesPanel } from "~/features/messages/components/messages-panel";
import { conversationFrame } from "~/features/messages/conversation-frame";
import { listMessages } from "~/features/messages/list-messages.server";
import { markMessagesReadAction, sendMessageAction } from "~/features/messages/messages-action.server";
import { MARK_MESSAGES_READ_INTENT, SEND_MESSAGE_INTENT } from "~/features/messages/messages.schemas";
import { loaderFailure } from "~/lib/http/error-answer.server";
import { dispatchIntent } from "~/lib/http/intents.server";
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
export async function action({ request, context, params }: Route.ActionArgs) {
  const { i18n, user: actor, services } = requestContext(context);
  const userId = params.userId;
  return dispatchIntent(request, i18n, intents, {
    [SEND_MESSAGE_INTENT]: (form) => sendMessageAction(services, actor, { userId, form }, i18n),
    [MARK_MESSAGES_READ_INTENT]: (form) => markMessagesReadAction(services, actor, { userId, form }, i18n),
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
