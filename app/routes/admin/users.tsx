import { PageTitle } from "~/components/nav-shell";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Users" }];

export default function AdminUsers() {
  return <PageTitle title="Users" description="Every customer of the agency." />;
}
