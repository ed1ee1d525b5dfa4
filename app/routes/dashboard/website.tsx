import { CheckCircle2, ClipboardList, Clock, XCircle } from "lucide-react";
import { PageTitle } from "~/components/nav-shell";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { PayButton, PaymentGate } from "~/features/payments/components/payment-gate";
import { latestPayment, secondPaymentBanner } from "~/features/payments/payment-state";
import { listOwnPayments } from "~/features/payments/list-own-payments.server";
import { requireUser, services } from "~/lib/route-guards.server";
import type { Route } from "./+types/website";

export const meta: Route.MetaFunction = () => [{ title: "Website" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { database, stripe } = services(context);
  const payments = await listOwnPayments(database, user);
  const first = latestPayment(payments, "website", 1);
  const second = latestPayment(payments, "website", 2);
  return {
    first: first ? { status: first.status } : null,
    second: second ? { status: second.status } : null,
    cardEnabled: stripe !== null,
  };
}

function SecondPaymentBanner({ second, cardEnabled }: { second: { status: string } | null; cardEnabled: boolean }) {
  const banner = secondPaymentBanner(second);
  if (banner === "none") return null;
  return (
    <div
      role="status"
      data-testid="second-payment-banner"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-green-200 bg-green-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="space-y-1">
        <p className="flex items-center gap-2 font-semibold text-green-900">
          <CheckCircle2 aria-hidden="true" className="size-5" />
          First payment completed
        </p>
        {banner === "pending" ? (
          <p className="flex items-center gap-2 text-sm text-yellow-900">
            <Clock aria-hidden="true" className="size-4" />
            Second payment pending review
          </p>
        ) : banner === "rejected" ? (
          <p className="flex items-center gap-2 text-sm text-red-800">
            <XCircle aria-hidden="true" className="size-4" />
            Second payment rejected - Try again
          </p>
        ) : (
          <p className="text-sm text-green-900">The remaining 50% is due before your website launches.</p>
        )}
      </div>
      {banner === "offer" || banner === "rejected" ? (
        <PayButton serviceType="website" paymentNumber={2} cardEnabled={cardEnabled}>
          Pay Second 50% ($350)
        </PayButton>
      ) : null}
    </div>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { first, second, cardEnabled } = loaderData;
  return (
    <>
      <PageTitle title="Website" description="Your website project information." />
      <PaymentGate
        serviceType="website"
        paymentNumber={1}
        payment={first}
        cardEnabled={cardEnabled}
        prompt={<p>Pay the first 50% ($350) to start your website. The second 50% ($350) is paid later.</p>}
      >
        <SecondPaymentBanner second={second} cardEnabled={cardEnabled} />
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <ClipboardList aria-hidden="true" className="size-5 text-blue-700" />
              Website Information
            </CardTitle>
            <CardDescription>Domain, hosting, brand colors, visual assets and business details.</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-slate-700">
              The website information form is coming soon: here you will tell us about your domain and hosting, brand
              colors, logo, founder photo and business details.
            </p>
          </CardContent>
        </Card>
      </PaymentGate>
    </>
  );
}
