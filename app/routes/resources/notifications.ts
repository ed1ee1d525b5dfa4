import { listNotifications } from "~/features/notifications/list-notifications.server";
import { markAllNotificationsRead } from "~/features/notifications/mark-all-notifications-read.server";
import { markNotificationRead } from "~/features/notifications/mark-notification-read.server";
import { notificationActionSchema } from "~/features/notifications/notifications.schemas";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { actionFailure } from "~/lib/http/error-answer.server";
import { requestContext } from "~/lib/http/request-context.server";
import { services, sessionUser } from "~/lib/auth/route-guards.server";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Route } from "./+types/notifications";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return await listNotifications(services(context).database, sessionUser(context), requestContext(context).i18n);
  } catch (error) {
    return actionFailure(error, requestContext(context).i18n);
  }
}

/** The bell's forms (the matrix tries each). */
export const intents = notificationActionSchema.options.map((option) => option.shape.intent.value);

/** The bell's forms: `intent=mark-read&id=...` or `intent=mark-all-read`; answers `{ ok: true }`. */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, bus } = services(context);
  const deps = { db: database.db, bus };
  try {
    const actor = requireActor(sessionUser(context));
    const parsed = await parseForm(request, notificationActionSchema);
    if (!parsed.ok) return formFailure(parsed);
    if (parsed.value.intent === "mark-read") await markNotificationRead(deps, actor, parsed.value);
    else await markAllNotificationsRead(deps, actor);
    return { ok: true as const };
  } catch (error) {
    return actionFailure(error, requestContext(context).i18n);
  }
}
