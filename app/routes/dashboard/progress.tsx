import { PageTitle } from "~/components/nav-shell";
import { PaymentStatusCard } from "~/features/payments/components/payment-status-card";
import { listOwnPayments } from "~/features/payments/list-own-payments.server";
import { ProgressCards } from "~/features/progress/components/progress-card";
import { getOwnProgress } from "~/features/progress/get-own-progress.server";
import type { ProgressLoad } from "~/features/progress/progress-views";
import { requireUser, services } from "~/lib/route-guards.server";
import type { Route } from "./+types/progress";

export const meta: Route.MetaFunction = () => [{ title: "Construction Progress" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { database } = services(context);
  const [payments, progress] = await Promise.all([
    listOwnPayments(database, user),
    // A failure to read progress leaves the rest of the page: the cards say 'Failed to load progress data'.
    getOwnProgress(database, user).then(
      (records): ProgressLoad => ({ ok: true, progress: records }),
      (error: unknown): ProgressLoad => {
        console.error("Failed to load progress data:", error);
        return { ok: false };
      },
    ),
  ]);
  return { payments, progress };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle
        title="Construction Progress"
        description="Follow each step of your Google Business Profile and website projects."
      />
      <PaymentStatusCard payments={loaderData.payments} />
      <ProgressCards load={loaderData.progress} />
    </>
  );
}
