import { z } from "zod";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/features/notifications/notifications.server";
import { badRequest, notSignedIn } from "~/lib/errors";
import { errorResponse, services, sessionUser } from "~/lib/route-guards.server";
import type { Route } from "./+types/notifications";

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("mark-read"), id: z.uuid() }),
  z.object({ intent: z.literal("mark-all-read") }),
]);

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return await listNotifications(services(context).database, sessionUser(context));
  } catch (error) {
    return errorResponse(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { database, bus } = services(context);
  const deps = { db: database.db, bus };
  try {
    const actor = sessionUser(context);
    if (!actor) throw notSignedIn();
    const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
    if (!parsed.success) throw badRequest("Invalid request");
    if (parsed.data.intent === "mark-read") await markNotificationRead(deps, actor, parsed.data.id);
    else await markAllNotificationsRead(deps, actor);
    return { ok: true as const };
  } catch (error) {
    return errorResponse(error);
  }
}
