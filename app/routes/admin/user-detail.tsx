import { PageTitle } from "~/components/nav-shell";
import type { Route } from "./+types/user-detail";

export const meta: Route.MetaFunction = () => [{ title: "Customer" }];

export default function AdminUserDetail() {
  return <PageTitle title="Customer" />;
}
