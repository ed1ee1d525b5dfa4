import { PageTitle } from "~/components/nav-shell";
import { ActivityLog } from "~/features/activity/components/activity-log";
import { activityQuery, listActivity } from "~/features/activity/list-activity.server";
import { services, sessionUser } from "~/lib/route-guards.server";
import type { Route } from "./+types/activity";

export const meta: Route.MetaFunction = () => [{ title: "Activity Log" }];

// The admin layout's middleware has refused non-admins already; the use case checks again.
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = activityQuery(new URL(request.url).searchParams);
  return { log: await listActivity({ db: services(context).database.db }, sessionUser(context), query) };
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle title="Activity Log" description="What admins did, to whom and when." />
      <ActivityLog log={loaderData.log} />
    </>
  );
}
