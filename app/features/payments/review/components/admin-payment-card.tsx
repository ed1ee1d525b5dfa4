import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { LocalDateTime } from "~/components/local-date-time";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { adminPaymentTitleIn } from "~/domain/service-texts";
import { formatDate, formatMoney } from "~/lib/i18n/format";
import { REFUND_STATUS_LABEL, type RefundStatus } from "~/features/payments/refunds/payment-refunds";
import { refundReasonIn, STRIPE_REFUND_REASON } from "~/features/notifications/payment-notifications";
import { displayStatus, statusBadge } from "~/features/payments/payment-state";
import type { AdminPaymentView, RefundView } from "~/features/payments/refunds/refund-views";
import { receiptPath } from "~/features/receipts/receipt";
import { PaymentDecisionForm } from "./payment-decision-form";
import { PromotionTerms } from "~/features/payments/components/promotion-terms";
import { RefundPayment } from "~/features/payments/refunds/components/refund-payment-dialog";

/** The payment method as a proper name (the spec's 'uppercase' method, kept readable: 'Zelle', 'Card'). */
const METHOD_TEXT: Record<string, MessageDescriptor> = { zelle: msg`Zelle`, card: msg`Card` };

const CREATED_AT: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

const REFUND_TONE: Record<RefundStatus, "yellow" | "green" | "red"> = {
  pending: "yellow",
  completed: "green",
  failed: "red",
};

/** A payment's refunds, oldest first: when, how much, why, who, and where each stands. */
function RefundList({ refunds, title }: { refunds: RefundView[]; title: string }) {
  const { t, i18n } = useLingui();
  const headingId = `refunds-${refunds[0]!.id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2" data-testid="payment-refunds">
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        {t`Refunds`}
        <span className="sr-only">: {title}</span>
      </h4>
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
        {refunds.map((refund) => {
          const status = (
            Object.hasOwn(REFUND_STATUS_LABEL, refund.status) ? refund.status : "pending"
          ) as RefundStatus;
          // Who made it: the admin; Stripe's dashboard for one the portal did not ask for; else a member no longer here.
          const by = refund.refundedBy ?? (refund.reason === STRIPE_REFUND_REASON ? "Stripe" : t`A former team member`);
          return (
            <li key={refund.id} className="space-y-1 px-3 py-2" data-testid="payment-refund">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold text-slate-900">{formatMoney(refund.amount, i18n.locale)}</span>
                <Badge tone={REFUND_TONE[status]} data-testid="refund-status">
                  {i18n._(REFUND_STATUS_LABEL[status])}
                </Badge>
              </div>
              <p className="break-words text-slate-800">{refundReasonIn(i18n, refund.reason)}</p>
              <p className="text-xs text-slate-600">
                <LocalDateTime iso={refund.createdAt} options={CREATED_AT} />
                {" · "}
                {by}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * A decided payment's note, as text: it can no longer be changed, so it is no field. On a Zelle payment it is the
 * message the admin's decision sent to the customer (a rejection's is its reason); on a card payment, which no one
 * decides, it is what the server noted on its own (a proof left unreviewed, a code that could not be used).
 */
function DecisionMessage({ payment }: { payment: AdminPaymentView }) {
  const { t } = useLingui();
  const message = payment.adminNotes?.trim();
  const byCard = payment.paymentMethod === "card";
  if (byCard && !message) return null;
  // A plain block under its heading, not a named section: each payment's would be a landmark of the same name.
  return (
    <div className="space-y-1" data-testid="decision-message">
      <h4 className="text-sm font-semibold text-slate-900">
        {byCard ? t`Payment notes` : t`Message sent to the customer`}
      </h4>
      {message ? (
        <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{message}</p>
      ) : (
        <p className="text-sm text-slate-600">{t`None: the decision went without a message.`}</p>
      )}
    </div>
  );
}

/**
 * One payment in the admin's Payments tab. Pending payments get the decision form (PaymentDecisionForm); completed
 * ones with something left to refund the Refund button. The page's data reloads after either by itself.
 */
/** A care plan's monthly charge: its plan, in the reader's language, and the month it paid for. */
function planChargeTitle(i18n: I18n, payment: Pick<AdminPaymentView, "plan" | "periodStart">): string {
  const plan = (i18n.locale === "es" ? payment.plan?.es : payment.plan?.en) ?? i18n._(msg`Care plan`);
  if (!payment.periodStart) return plan;
  const month = formatDate(payment.periodStart, i18n.locale, { month: "long", year: "numeric", timeZone: "UTC" });
  return `${plan} · ${month}`;
}

export function AdminPaymentCard({ payment }: { payment: AdminPaymentView }) {
  const { t, i18n } = useLingui();
  const status = displayStatus(payment.status);
  const badge = statusBadge(payment);
  const pending = status === "pending";
  const money = (amount: number) => formatMoney(amount, i18n.locale);
  const title =
    payment.serviceType === null
      ? planChargeTitle(i18n, payment)
      : adminPaymentTitleIn(i18n, payment.serviceType, payment.paymentNumber);

  return (
    <Card data-testid="payment-card" className="space-y-4 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-slate-900">{title}</h3>
          <p className="text-2xl font-bold text-slate-900">{formatMoney(payment.amount, i18n.locale)}</p>
        </div>
        <Badge tone={badge.tone} data-testid="payment-status">
          {i18n._(badge.label)}
        </Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t`Method`}</dt>
        <dd className="font-medium text-slate-900" data-testid="payment-method">
          {Object.hasOwn(METHOD_TEXT, payment.paymentMethod)
            ? i18n._(METHOD_TEXT[payment.paymentMethod]!)
            : payment.paymentMethod}
        </dd>
        <dt className="text-slate-600">{t`Date`}</dt>
        <dd className="text-slate-900">
          <LocalDateTime iso={payment.createdAt} options={CREATED_AT} />
        </dd>
        <PromotionTerms payment={payment} />
        {payment.refundedAmount > 0 ? (
          <>
            <dt className="text-slate-600">{t`Refunded`}</dt>
            <dd className="font-medium text-slate-900" data-testid="payment-refunded">
              {t`${money(payment.refundedAmount)} of ${money(payment.amount)}`}
            </dd>
          </>
        ) : null}
      </dl>
      {status === "completed" || status === "refunded" ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link
            to={receiptPath(payment.id)}
            className="inline-block text-sm font-medium text-blue-700 underline-offset-4 hover:underline"
          >
            {t`View receipt`}
            <span className="sr-only">: {title}</span>
          </Link>
          <RefundPayment payment={payment} title={title} />
        </div>
      ) : null}
      {payment.refunds.length > 0 ? <RefundList refunds={payment.refunds} title={title} /> : null}

      {payment.proofUrl ? (
        <Dialog>
          <DialogTrigger asChild>
            <button
              type="button"
              className="block w-full overflow-hidden rounded-lg border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
              aria-label={t`View payment proof: ${title}`}
            >
              <img src={payment.proofUrl} alt="" className="h-40 w-full object-cover" loading="lazy" />
            </button>
          </DialogTrigger>
          <DialogContent title={t`Payment Proof`} description={title} hideDescription className="max-w-3xl">
            <img
              src={payment.proofUrl}
              alt={t`Payment proof: ${title}`}
              className="mx-auto h-auto max-h-[75vh] max-w-full rounded-md object-contain"
            />
          </DialogContent>
        </Dialog>
      ) : null}

      {pending ? <PaymentDecisionForm payment={payment} /> : <DecisionMessage payment={payment} />}
    </Card>
  );
}
