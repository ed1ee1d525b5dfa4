import { Link, useNavigation, useRevalidator } from "react-router";
import { receiptPath } from "~/features/receipts/receipt";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatMoney } from "~/lib/i18n/format";
import { SERVICE_CATALOG, SERVICE_TYPES } from "~/domain/service-catalog";
import { ADMIN_BADGE_TONE, displayStatus, latestPayment, STATUS_LABEL_ES } from "../payment-state";

interface StatusPayment {
  id: string;
  serviceType: string;
  paymentNumber: number;
  amount: number;
  status: string;
  createdAt: string;
}

const SERVICE_LABEL_ES: Record<string, string> = {
  google_business: "Perfil de Google Business",
  website: "Sitio Web",
};

/** The customer's payments at a glance, in Spanish; hidden when there are none. */
export function PaymentStatusCard({ payments }: { payments: StatusPayment[] }) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const loading = revalidator.state === "loading" || navigation.state === "loading";
  // The newest payment of each service and number: a retried payment replaces the rejected one.
  const shown = SERVICE_TYPES.flatMap((service) =>
    Array.from({ length: SERVICE_CATALOG[service].payments }, (_, i) => latestPayment(payments, service, i + 1)),
  ).filter((payment): payment is StatusPayment => Boolean(payment));
  if (shown.length === 0 && !loading) return null;
  return (
    <Card className="mb-6" aria-labelledby="payment-status-title" aria-busy={loading}>
      <CardHeader>
        <CardTitle id="payment-status-title">Estado de Pagos</CardTitle>
        <CardDescription>Revisa el estado de tus pagos</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <p role="status" className="mb-3 text-sm text-slate-600">
            Cargando pagos...
          </p>
        ) : null}
        <ul className="divide-y divide-slate-100" aria-label="Pagos">
          {shown.map((payment) => {
            const status = displayStatus(payment.status);
            return (
              <li
                key={payment.id}
                className="flex flex-wrap items-center justify-between gap-2 py-3"
                data-testid="payment-status-row"
              >
                <div>
                  <p className="font-medium text-slate-900">
                    {SERVICE_LABEL_ES[payment.serviceType] ?? payment.serviceType}
                  </p>
                  {payment.serviceType === "website" ? (
                    <p className="text-sm text-slate-600">Pago {payment.paymentNumber} de 2</p>
                  ) : null}
                </div>
                <div className="flex items-center gap-3">
                  <span className="font-semibold text-slate-900">{formatMoney(payment.amount, "es")}</span>
                  <Badge tone={ADMIN_BADGE_TONE[status]}>{STATUS_LABEL_ES[status]}</Badge>
                  {status === "completed" ? (
                    <Link
                      to={receiptPath(payment.id)}
                      className="text-sm font-medium text-blue-700 underline-offset-4 hover:underline"
                      data-testid="receipt-link"
                    >
                      Ver recibo
                      <span className="sr-only">
                        : {SERVICE_LABEL_ES[payment.serviceType] ?? payment.serviceType}
                        {payment.serviceType === "website" ? `, pago ${payment.paymentNumber}` : ""}
                      </span>
                    </Link>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
