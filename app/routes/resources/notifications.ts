import { listNotifications } from "~/features/notifications/list-notifications.server";
import { markAllNotificationsRead } from "~/features/notifications/mark-all-notifications-read.server";
import { markNotificationRead } from "~/features/notifications/mark-notification-read.server";
import { notificationActionSchema } from "~/features/notifications/notifications.schemas";
import { actionFailure } from "~/lib/http/error-answer.server";
import { formAction } from "~/lib/http/actions.server";
import { requestContext } from "~/lib/http/request-context.server";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Route } from "./+types/notifications";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user, i18n } = requestContext(context);
  try {
    return await listNotifications(services, user, i18n);
  } catch (error) {
    return actionFailure(error, i18n);
  }
}

/** The bell's forms (the matrix tries each). */
export const intents = notificationActionSchema.options.map((option) => option.shape.intent.value);

/** The bell's forms: `intent=mark-read&id=...` or `intent=mark-all-read`; answers `{ ok: true }`. */
export async function action(args: Route.ActionArgs) {
  return formAction(args, {
    guard: ({ user }) => requireActor(user),
    schema: notificationActionSchema,
    run: async ({ services, user }, value) => {
      const deps = services;
      if (value.intent === "mark-read") await markNotificationRead(deps, user, value);
      else await markAllNotificationsRead(deps, user);
    },
  });
}
