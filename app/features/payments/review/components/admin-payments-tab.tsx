import { useLingui } from "@lingui/react/macro";
import { Badge } from "~/components/ui/badge";
import type { AdminPaymentView } from "~/features/payments/refunds/refund-views";
import { AdminPaymentCard } from "./admin-payment-card";

function PaymentColumn({
  id,
  title,
  payments,
  emptyText,
}: {
  id: string;
  title: string;
  payments: AdminPaymentView[];
  emptyText: string;
}) {
  const { t } = useLingui();
  const headingId = `payments-${id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Badge tone="blue" data-testid="payment-count">
          {payments.length}
          <span className="sr-only"> {t`payments`}</span>
        </Badge>
      </div>
      {payments.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          {emptyText}
        </p>
      ) : (
        <ul className="space-y-3">
          {payments.map((payment) => (
            <li key={payment.id}>
              <AdminPaymentCard payment={payment} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The admin's Payments tab: website and Google Business payments side by side on wide screens, then the care plans'
 * monthly charges (refunded from their cards like any card payment) when the customer has any.
 */
export function AdminPaymentsTab({ payments, loading }: { payments: AdminPaymentView[]; loading: boolean }) {
  const website = payments.filter((payment) => payment.serviceType === "website");
  const google = payments.filter((payment) => payment.serviceType === "google_business");
  const plans = payments.filter((payment) => payment.serviceType === null);
  const { t } = useLingui();
  return (
    <div className="space-y-4">
      {/* Always present, so screen readers announce the text when it appears; its height is kept to avoid a jump. */}
      <p role="status" className="h-5 text-sm text-slate-600">
        {loading ? t`Loading payments...` : null}
      </p>
      {payments.length === 0 ? <p className="text-slate-700">{t`No payments registered for this user`}</p> : null}
      <div className="grid gap-6 md:grid-cols-2">
        <PaymentColumn
          id="website-payments"
          title={t`Website Payments`}
          payments={website}
          emptyText={t`No website payments yet`}
        />
        <PaymentColumn
          id="google-business-payments"
          title={t`Google Business Payments`}
          payments={google}
          emptyText={t`No Google Business payments yet`}
        />
      </div>
      {plans.length > 0 ? (
        <PaymentColumn id="plan-payments" title={t`Care plan payments`} payments={plans} emptyText="" />
      ) : null}
    </div>
  );
}
