import { PageTitle } from "~/components/nav-shell";
import type { Route } from "./+types/progress";

export const meta: Route.MetaFunction = () => [{ title: "Construction Progress" }];

export default function Page() {
  return <PageTitle title="Construction Progress" description="Follow each step of your Google Business Profile and website projects." />;
}
