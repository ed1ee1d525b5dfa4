import { useLingui } from "@lingui/react/macro";
import { Link, useNavigation, useRevalidator } from "react-router";
import { receiptPath } from "~/features/receipts/receipt";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatMoney } from "~/lib/i18n/format";
import { isServiceType, SERVICE_CATALOG, SERVICE_TYPES } from "~/domain/service-catalog";
import { displayStatus, latestPayment, statusBadge } from "../payment-state";
import { serviceNameIn } from "~/domain/service-texts";
import { RejectedPaymentActions, RejectionReason } from "./rejected-payment";

interface StatusPayment {
  id: string;
  serviceType: string;
  paymentNumber: number;
  amount: number;
  /** The completed refunds' sum: more than 0 shows 'Partially refunded' (or 'Refunded', all of it) and how much. */
  refundedAmount: number;
  status: string;
  paymentMethod: string;
  rejectionReason: string | null;
  createdAt: string;
}

/**
 * The customer's payments at a glance, in their language (Spanish: 'Estado de Pagos', 'Pago n de 2', 'Pendiente');
 * hidden when there are none. A rejected one says why and offers a new proof or paying again; a refunded one
 * ('Reembolsado', or 'Reembolsado parcialmente' while it still counts) says how much was given back.
 */
export function PaymentStatusCard({ payments, cardEnabled }: { payments: StatusPayment[]; cardEnabled: boolean }) {
  const { t, i18n } = useLingui();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const loading = revalidator.state === "loading" || navigation.state === "loading";
  // The newest payment of each service and number: a retried payment replaces the rejected one.
  const shown = SERVICE_TYPES.flatMap((service) =>
    Array.from({ length: SERVICE_CATALOG[service].payments }, (_, i) => latestPayment(payments, service, i + 1)),
  ).filter((payment): payment is StatusPayment => Boolean(payment));
  if (shown.length === 0 && !loading) return null;
  return (
    <Card className="mb-6" aria-labelledby="payment-status-title" aria-busy={loading} data-testid="payment-status-card">
      <CardHeader>
        <CardTitle id="payment-status-title">{t`Payment Status`}</CardTitle>
        <CardDescription>{t`Review the status of your payments`}</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <p role="status" className="mb-3 text-sm text-slate-600">
            {t`Loading payments...`}
          </p>
        ) : null}
        <ul className="divide-y divide-slate-100" aria-label={t`Payments`}>
          {shown.map((payment) => {
            const status = displayStatus(payment.status);
            const badge = statusBadge(payment);
            const service = serviceNameIn(i18n, payment.serviceType);
            const number = payment.paymentNumber;
            const total = isServiceType(payment.serviceType) ? SERVICE_CATALOG[payment.serviceType].payments : 2;
            return (
              <li key={payment.id} className="space-y-2 py-3" data-testid="payment-status-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="font-medium text-slate-900">{service}</p>
                    {payment.serviceType === "website" ? (
                      <p className="text-sm text-slate-600">{t`Payment ${number} of ${total}`}</p>
                    ) : null}
                  </div>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-semibold text-slate-900">{formatMoney(payment.amount, i18n.locale)}</span>
                    <Badge tone={badge.tone} className="whitespace-nowrap" data-testid="payment-status">
                      {i18n._(badge.label)}
                    </Badge>
                    {status === "completed" || status === "refunded" ? (
                      <Link
                        to={receiptPath(payment.id)}
                        className="text-sm font-medium text-blue-700 underline-offset-4 hover:underline"
                        data-testid="receipt-link"
                      >
                        {t`View receipt`}
                        <span className="sr-only">
                          : {service}
                          {payment.serviceType === "website" ? `, ${t`Payment ${number} of ${total}`}` : ""}
                        </span>
                      </Link>
                    ) : null}
                  </div>
                </div>
                {payment.refundedAmount > 0 ? (
                  <p className="text-sm text-slate-700" data-testid="payment-refunded">
                    {t`Refunded: ${formatMoney(payment.refundedAmount, i18n.locale)} of ${formatMoney(payment.amount, i18n.locale)}`}
                  </p>
                ) : null}
                {status === "rejected" && isServiceType(payment.serviceType) ? (
                  <div className="space-y-2 rounded-md bg-red-50 p-3">
                    <RejectionReason reason={payment.rejectionReason} className="text-sm text-red-900" />
                    <RejectedPaymentActions
                      payment={payment}
                      serviceType={payment.serviceType}
                      paymentNumber={payment.paymentNumber}
                      cardEnabled={cardEnabled}
                      className="flex flex-wrap gap-2"
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
