import { PageTitle } from "~/components/nav-shell";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings" }];

export default function AdminSettings() {
  return <PageTitle title="Settings" description="Platform preferences." />;
}
