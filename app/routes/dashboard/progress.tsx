import { PageTitle } from "~/components/nav-shell";
import { PaymentStatusCard } from "~/features/payments/components/payment-status-card";
import { listOwnPayments } from "~/features/payments/list-own-payments.server";
import { requireUser, services } from "~/lib/route-guards.server";
import type { Route } from "./+types/progress";

export const meta: Route.MetaFunction = () => [{ title: "Construction Progress" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  return { payments: await listOwnPayments(services(context).database, user) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle
        title="Construction Progress"
        description="Follow each step of your Google Business Profile and website projects."
      />
      <PaymentStatusCard payments={loaderData.payments} />
    </>
  );
}
