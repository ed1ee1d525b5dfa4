import { redirect } from "react-router";
import { openReminder } from "~/features/reminders/open-reminder.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/open";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = requestContext(context);
  return redirect(await openReminder(services, params.reminderId), { headers: { "Cache-Control": "no-store" } });
}
