import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { LocalDateTime } from "~/components/local-date-time";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { Label } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { adminPaymentTitleIn } from "~/domain/service-texts";
import { formatMoney } from "~/lib/i18n/format";
import { ADMIN_BADGE_TONE, displayStatus } from "../payment-state";
import type { ReviewPayment } from "../payment-views";
import { receiptPath } from "~/features/receipts/receipt";
import { PaymentDecisionForm } from "./payment-decision-form";

/** The status badge's words. */
const STATUS_TEXT = { pending: msg`Pending`, completed: msg`Completed`, rejected: msg`Rejected` } as const;

/** The payment method as a proper name (the spec's 'uppercase' method, kept readable: 'Zelle', 'Card'). */
const METHOD_TEXT: Record<string, MessageDescriptor> = { zelle: msg`Zelle`, card: msg`Card` };

const CREATED_AT: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

/**
 * One payment in the admin's Payments tab. Pending payments get the decision form (PaymentDecisionForm);
 * the page's data reloads after it by itself.
 */
export function AdminPaymentCard({ payment }: { payment: ReviewPayment }) {
  const { t, i18n } = useLingui();
  const status = displayStatus(payment.status);
  const pending = status === "pending";
  const title = adminPaymentTitleIn(i18n, payment.serviceType, payment.paymentNumber);
  const notesId = `admin-notes-${payment.id}`;

  return (
    <Card data-testid="payment-card" className="space-y-4 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-slate-900">{title}</h3>
          <p className="text-2xl font-bold text-slate-900">{formatMoney(payment.amount, i18n.locale)}</p>
        </div>
        <Badge tone={ADMIN_BADGE_TONE[status]} data-testid="payment-status">
          {i18n._(STATUS_TEXT[status])}
        </Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t`Method`}</dt>
        <dd className="font-medium text-slate-900" data-testid="payment-method">
          {Object.hasOwn(METHOD_TEXT, payment.paymentMethod) ? i18n._(METHOD_TEXT[payment.paymentMethod]!) : payment.paymentMethod}
        </dd>
        <dt className="text-slate-600">{t`Date`}</dt>
        <dd className="text-slate-900">
          <LocalDateTime iso={payment.createdAt} options={CREATED_AT} />
        </dd>
      </dl>
      {status === "completed" ? (
        <Link to={receiptPath(payment.id)} className="inline-block text-sm font-medium text-blue-700 underline-offset-4 hover:underline">
          {t`View receipt`}<span className="sr-only">: {title}</span>
        </Link>
      ) : null}

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
            <img src={payment.proofUrl} alt={t`Payment proof: ${title}`} className="mx-auto h-auto max-h-[75vh] max-w-full rounded-md object-contain" />
          </DialogContent>
        </Dialog>
      ) : null}

      {pending ? (
        <PaymentDecisionForm payment={payment} />
      ) : (
        <div className="space-y-1.5">
          <Label htmlFor={notesId}>{t`Admin Notes`}</Label>
          <Textarea id={notesId} value={payment.adminNotes ?? ""} readOnly placeholder={t`Add internal notes about this payment...`} aria-describedby={`${notesId}-hint`} />
          <p id={`${notesId}-hint`} className="text-xs text-slate-600">
            {t`Sent to the customer with the decision`}
          </p>
        </div>
      )}
    </Card>
  );
}
