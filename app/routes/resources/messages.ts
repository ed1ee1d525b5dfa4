import { listMessages } from "~/features/messages/list-messages.server";
import { earlierMessagesSchema } from "~/features/messages/messages.schemas";
import { AppError } from "~/lib/http/app-error";
import { actionFailure } from "~/lib/http/error-answer.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/messages";

/**
 * An earlier page of a conversation (`?before=<message id>`), for 'Load earlier messages' on the customer's page and
 * the admin's tab alike: the customer reads only their own, admins any customer's.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services, user, i18n } = requestContext(context);
  try {
    const parsed = earlierMessagesSchema.safeParse({ before: new URL(request.url).searchParams.get("before") });
    if (!parsed.success) throw new AppError("invalid_request");
    return await listMessages(services, user, {
      userId: params.userId,
      before: parsed.data.before,
    });
  } catch (error) {
    return actionFailure(error, i18n);
  }
}
