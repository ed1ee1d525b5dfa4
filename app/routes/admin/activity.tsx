import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { PageTitle } from "~/components/nav-shell";
import { ActivityLog } from "~/features/activity/components/activity-log";
import { activityQuery, listActivity } from "~/features/activity/list-activity.server";
import { requestContext } from "~/lib/http/request-context.server";
import { adminOnly } from "~/lib/auth/route-guards.server";
import type { Route } from "./+types/activity";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Activity Log" }];

// Admins only: the layout lets staff in, this page's middleware sends them 403.
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

// The middleware has refused everyone but admins; the use case checks again.
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = activityQuery(new URL(request.url).searchParams);
  const { services, user, i18n } = requestContext(context);
  return {
    log: await listActivity(services, user, query, (message) => i18n._(message)),
    title: i18n._(msg`Activity Log`),
  };
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  return (
    <>
      <PageTitle title={t`Activity Log`} description={t`What admins did, to whom and when.`} />
      <ActivityLog log={loaderData.log} />
    </>
  );
}
