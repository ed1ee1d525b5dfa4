import { href } from "react-router";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { PageTitle } from "~/components/nav-shell";
import { MessagesPanel } from "~/features/messages/components/messages-panel";
import { conversationFrame } from "~/features/messages/conversation-frame";
import { listMessages } from "~/features/messages/list-messages.server";
import { markMessagesReadForm, sendMessageForm } from "~/features/messages/messages.forms.server";
import { MARK_MESSAGES_READ_INTENT, SEND_MESSAGE_INTENT } from "~/features/messages/messages.schemas";
import { intentAction } from "~/lib/http/actions.server";
import { requestContext } from "~/lib/http/request-context.server";
import { requireUser } from "~/lib/auth/route-guards.server";
import { loaderFailure } from "~/lib/http/error-answer.server";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Messages" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { services, i18n } = requestContext(context);
  try {
    // An admin's account has no conversation of its own (404): theirs are on each customer's page.
    const [thread, settings] = await Promise.all([
      listMessages(services, user, { userId: user.id }),
      services.settings.get(),
    ]);
    return { thread, frame: conversationFrame(settings.general, i18n), title: i18n._(msg`Messages`) };
  } catch (error) {
    loaderFailure(error, i18n);
  }
}

/** The forms this page's action takes (the matrix tries each). */
export const intents = [SEND_MESSAGE_INTENT, MARK_MESSAGES_READ_INTENT] as const;

/**
 * The composer (`intent=send-message`: body, files; a refusal is a toast beside it) and the read mark the thread posts
 * when shown (`intent=mark-messages-read`, no toast). The conversation is the signed-in customer's own.
 */
export async function action(args: Route.ActionArgs) {
  const userId = requestContext(args.context).user?.id ?? "";
  return intentAction(args, intents, {
    [SEND_MESSAGE_INTENT]: sendMessageForm(userId),
    [MARK_MESSAGES_READ_INTENT]: markMessagesReadForm(userId),
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
        action={href("/dashboard/messages")}
        earlierPath={`/resources/messages/${thread.customerId}`}
      />
    </div>
  );
}
