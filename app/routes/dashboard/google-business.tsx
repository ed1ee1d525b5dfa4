import { PageTitle } from "~/components/nav-shell";
import type { Route } from "./+types/google-business";

export const meta: Route.MetaFunction = () => [{ title: "Google My Business" }];

export default function Page() {
  return <PageTitle title="Google My Business" description="Your Google Business Profile information." />;
}
