import { PageTitle } from "~/components/nav-shell";
import type { Route } from "./+types/website";

export const meta: Route.MetaFunction = () => [{ title: "Website" }];

export default function Page() {
  return <PageTitle title="Website" description="Your website project information." />;
}
