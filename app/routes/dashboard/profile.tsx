import { PageTitle } from "~/components/nav-shell";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: "Profile" }];

export default function Page() {
  return <PageTitle title="Profile" description="Your personal information and password." />;
}
