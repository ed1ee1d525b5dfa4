import { PageTitle } from "~/components/nav-shell";
import type { Route } from "./+types/credentials";

export const meta: Route.MetaFunction = () => [{ title: "Credentials" }];

export default function Page() {
  return <PageTitle title="Credentials" description="Domain, hosting and Google Business access for our team." />;
}
