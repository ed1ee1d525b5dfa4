import { ClipboardList } from "lucide-react";
import { PageTitle } from "~/components/nav-shell";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { PaymentGate } from "~/features/payments/components/payment-gate";
import { latestPayment } from "~/features/payments/payment-state";
import { listOwnPayments } from "~/features/payments/list-own-payments.server";
import { requireUser, services } from "~/lib/route-guards.server";
import type { Route } from "./+types/google-business";

export const meta: Route.MetaFunction = () => [{ title: "Google My Business" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { database, stripe } = services(context);
  const payment = latestPayment(await listOwnPayments(database, user), "google_business", 1);
  return { payment: payment ? { status: payment.status } : null, cardEnabled: stripe !== null };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle title="Google My Business" description="Your Google Business Profile information." />
      <PaymentGate
        serviceType="google_business"
        paymentNumber={1}
        payment={loaderData.payment}
        cardEnabled={loaderData.cardEnabled}
        prompt={
          <p lang="es">Para continuar, realiza el pago de $250 por la configuración de tu Perfil de Google Business.</p>
        }
      >
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <ClipboardList aria-hidden="true" className="size-5 text-blue-700" />
              Business Information
            </CardTitle>
            <CardDescription>Payment completed. Thank you!</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-slate-700">
              The business information form is coming soon: here you will send us your Gmail account, business details,
              address, service cities and photos for your Google Business Profile.
            </p>
          </CardContent>
        </Card>
      </PaymentGate>
    </>
  );
}
