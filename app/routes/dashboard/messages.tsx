import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { PageTitle } from "~/components/nav-shell";
import { MessagesPanel } from "~/features/messages/components/messages-panel";
import { conversationFrame } from "~/features/messages/conversation-frame";
import { listMessages } from "~/features/messages/list-messages.server";
import { markMessagesReadAction, sendMessageAction } from "~/features/messages/messages-action.server";
import { MARK_MESSAGES_READ_INTENT, SEND_MESSAGE_INTENT } from "~/features/messages/messages.schemas";
import { dispatchIntent } from "~/lib/http/intents.server";
import { requestContext } from "~/lib/http/request-context.server";
import { requireUser, services } from "~/lib/auth/route-guards.server";
import { loaderFailure } from "~/lib/http/error-answer.server";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Messages" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { i18n } = requestContext(context);
  try {
    // An admin's account has no conversation of its own (404): theirs are on each customer's page.
    const [thread, settings] = await Promise.all([
      listMessages(services(context).database.db, user, { userId: user.id }),
      services(context).settings.get(),
    ]);
    return { thread, frame: conversationFrame(settings.general, i18n), title: i18n._(msg`Messages`) };
  } catch (error) {
    loaderFailure(error, i18n);
  }
}

/** The forms this page's action takes (the matrix tries each). */
export const intents = [SEND_MESSAGE_INTENT, MARK_MESSAGES_READ_INTENT] as const;

/** The composer (`intent=send-message`) and the read mark the thread posts when shown (`intent=mark-messages-read`). */
export async function action({ request, context }: Route.ActionArgs) {
  const { i18n, user: actor } = requestContext(context);
  const userId = actor?.id ?? "";
  return dispatchIntent(request, i18n, intents, {
    [SEND_MESSAGE_INTENT]: (form) => sendMessageAction(services(context), actor, { userId, form }, i18n),
    [MARK_MESSAGES_READ_INTENT]: (form) => markMessagesReadAction(services(context), actor, { userId, form }, i18n),
  });
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { thread, frame } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageTitle title={t`Messages`} description={t`Write to our team about your services; we answer here.`} />
      <MessagesPanel
        thread={thread}
        frame={frame}
        viewerIsAgency={false}
        action="/dashboard/messages"
        earlierPath={`/resources/messages/${thread.customerId}`}
      />
    </div>
  );
}
