import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { PaymentDecisionForm } from "~/features/payments/components/payment-decision-form";
import { adminPaymentTitle } from "~/features/payments/payment-review";
import { formatDollars, SERVICE_CATALOG, isServiceType } from "~/lib/service-catalog";
import {
  formatAge,
  INFORMATION_FORM_TITLE,
  STALLED_AFTER_DAYS,
  type QueueInformation,
  type QueuePayment,
  type QueueStalled,
  type WorkQueue as WorkQueueData,
} from "../work-queue-views";

const LINK = "font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600";

const agoText = (age: string) => (age === "just now" ? age : `${age} ago`);

const serviceTitle = (service: string) => (isServiceType(service) ? SERVICE_CATALOG[service].title : service);

function customerPath(userId: string, tab?: string) {
  return `/admin/users/${userId}${tab ? `?tab=${tab}` : ""}`;
}

/** The detail page's tab that shows each information form. */
const INFORMATION_TAB = { google_business: "google-business", website: "website" } as const;

/** One list of the queue: its heading with the total, the rows, and 'Showing n of total' when cut. */
function QueueSection<Item>({
  id,
  title,
  total,
  items,
  emptyText,
  children,
}: {
  id: string;
  title: string;
  total: number;
  items: Item[];
  emptyText: string;
  children: (item: Item) => ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} data-testid={id} className="space-y-3">
      <h3 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {title}
        <Badge tone={total > 0 ? "yellow" : "gray"} data-testid={`${id}-count`}>
          {total}
        </Badge>
      </h3>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">{emptyText}</p>
      ) : (
        <ul className="space-y-3">{items.map(children)}</ul>
      )}
      {total > items.length ? (
        <p className="text-sm text-slate-600">
          Showing the oldest {items.length} of {total}
        </p>
      ) : null}
    </section>
  );
}

function PendingPaymentRow({ payment, asOf }: { payment: QueuePayment; asOf: string }) {
  const title = `${serviceTitle(payment.serviceType)} - ${adminPaymentTitle(payment.serviceType, payment.paymentNumber)}`;
  return (
    <li>
      <Card data-testid="queue-payment-row" className="grid gap-4 p-4 md:grid-cols-[8rem_1fr_minmax(16rem,22rem)]">
        {payment.proofUrl ? (
          <Dialog>
            <DialogTrigger asChild>
              <button
                type="button"
                className="block h-32 w-full overflow-hidden rounded-lg border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 md:w-32"
                aria-label={`View payment proof: ${payment.customerName}, ${title}`}
              >
                <img src={payment.proofThumbnailUrl ?? payment.proofUrl} alt="" className="h-full w-full object-cover" loading="lazy" />
              </button>
            </DialogTrigger>
            <DialogContent title="Payment Proof" description={`${payment.customerName}: ${title}`} hideDescription className="max-w-3xl">
              <img
                src={payment.proofUrl}
                alt={`Payment proof: ${payment.customerName}, ${title}`}
                className="mx-auto h-auto max-h-[75vh] max-w-full rounded-md object-contain"
              />
            </DialogContent>
          </Dialog>
        ) : (
          <p className="text-sm text-slate-600">No proof attached</p>
        )}
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">Customer</dt>
          <dd>
            <Link to={customerPath(payment.userId)} className={LINK}>
              {payment.customerName || "Unnamed customer"}
            </Link>
          </dd>
          <dt className="text-slate-600">Service</dt>
          <dd className="text-slate-900">{title}</dd>
          <dt className="text-slate-600">Amount</dt>
          <dd className="font-semibold text-slate-900">{formatDollars(payment.amount)}</dd>
          <dt className="text-slate-600">Waiting</dt>
          <dd className="text-slate-900" data-testid="queue-age">
            <time dateTime={payment.createdAt}>{formatAge(payment.createdAt, asOf)}</time>
          </dd>
        </dl>
        <PaymentDecisionForm payment={payment} />
      </Card>
    </li>
  );
}

function InformationRow({ item, asOf }: { item: QueueInformation; asOf: string }) {
  return (
    <li>
      <Card data-testid="queue-information-row" className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
        <div>
          <Link to={customerPath(item.userId, INFORMATION_TAB[item.form])} className={LINK}>
            {item.customerName || "Unnamed customer"}
          </Link>
          <p className="text-slate-700">
            {INFORMATION_FORM_TITLE[item.form]} {item.kind}
          </p>
        </div>
        <time dateTime={item.savedAt} className="text-slate-600">
          {agoText(formatAge(item.savedAt, asOf))}
        </time>
      </Card>
    </li>
  );
}

function StalledRow({ item, asOf }: { item: QueueStalled; asOf: string }) {
  return (
    <li>
      <Card data-testid="queue-stalled-row" className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
        <div>
          <Link to={customerPath(item.userId)} className={LINK}>
            {item.customerName || "Unnamed customer"}
          </Link>
          <p className="text-slate-700">
            {serviceTitle(item.service)}: {item.doneSteps} of {item.totalSteps} steps done
          </p>
        </div>
        <p className="text-slate-600">
          No progress for <time dateTime={item.lastMovedAt}>{formatAge(item.lastMovedAt, asOf)}</time>
        </p>
      </Card>
    </li>
  );
}

/**
 * The admin's work queue under the dashboard's cards. It reloads with the page on every live change (the
 * admin layout's stream), so a new proof, another admin's decision or a saved form shows without a reload.
 */
export function WorkQueue({ queue }: { queue: WorkQueueData }) {
  return (
    <section aria-labelledby="work-queue-heading" className="mt-8 space-y-8">
      <h2 id="work-queue-heading" className="text-xl font-bold text-slate-900">
        Work queue
      </h2>
      <QueueSection
        id="queue-payments"
        title="Payments waiting for review"
        total={queue.pendingPayments.total}
        items={queue.pendingPayments.items}
        emptyText="No payments waiting for review"
      >
        {(payment) => <PendingPaymentRow key={payment.id} payment={payment} asOf={queue.asOf} />}
      </QueueSection>
      <QueueSection
        id="queue-information"
        title="Information submitted or updated"
        total={queue.updatedInformation.total}
        items={queue.updatedInformation.items}
        emptyText="No new information since it was last opened"
      >
        {(item) => <InformationRow key={`${item.userId}-${item.form}`} item={item} asOf={queue.asOf} />}
      </QueueSection>
      <QueueSection
        id="queue-stalled"
        title={`No progress for ${STALLED_AFTER_DAYS} days after payment`}
        total={queue.stalledCustomers.total}
        items={queue.stalledCustomers.items}
        emptyText="Every paid service moved in the last 7 days"
      >
        {(item) => <StalledRow key={`${item.userId}-${item.service}`} item={item} asOf={queue.asOf} />}
      </QueueSection>
    </section>
  );
}
