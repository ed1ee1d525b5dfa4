import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { DeletionAnswers, DeletionRequestRow } from "~/features/account-deletion/components/deletion-request-row";
import { PaymentDecisionForm } from "~/features/payments/review/components/payment-decision-form";
import { PromotionTerms } from "~/features/payments/components/promotion-terms";
import { paymentSubtitleIn, serviceTitleIn } from "~/domain/service-texts";
import { customerPagePath, leadPagePath } from "~/lib/http/paths";
import { formatMoney } from "~/lib/i18n/format";
import {
  formatAge,
  formatAgo,
  STALLED_AFTER_DAYS,
  type QueueConversation,
  type QueueInformation,
  type QueueLead,
  type QueuePastDuePlan,
  type QueuePayment,
  type QueueRound,
  type QueueStalled,
  type QueueWaitingRound,
  type WorkQueue as WorkQueueData,
} from "../work-queue-views";

const LINK =
  "font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600";

/** The information row's text: 'Google Business info submitted' (INFORMATION_FORM_TITLE and the kind). */
const INFORMATION_TEXT: Record<QueueInformation["form"], Record<QueueInformation["kind"], MessageDescriptor>> = {
  google_business: { submitted: msg`Google Business info submitted`, updated: msg`Google Business info updated` },
  website: { submitted: msg`Website info submitted`, updated: msg`Website info updated` },
};

/** The detail page's tab that shows each service (its information form, its rounds). */
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
  const { t } = useLingui();
  const headingId = `${id}-heading`;
  const shown = items.length;
  return (
    <section aria-labelledby={headingId} data-testid={id} className="space-y-3">
      <h3 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {title}
        <Badge tone={total > 0 ? "yellow" : "gray"} data-testid={`${id}-count`}>
          {total}
        </Badge>
      </h3>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          {emptyText}
        </p>
      ) : (
        <ul className="space-y-3">{items.map(children)}</ul>
      )}
      {total > items.length ? (
        <p className="text-sm text-slate-600">{t`Showing the oldest ${shown} of ${total}`}</p>
      ) : null}
    </section>
  );
}

function PendingPaymentRow({ payment, asOf }: { payment: QueuePayment; asOf: string }) {
  const { t, i18n } = useLingui();
  const title = paymentSubtitleIn(i18n, payment.serviceType, payment.paymentNumber);
  const customer = payment.customerName;
  return (
    <li>
      <Card data-testid="queue-payment-row" className="grid gap-4 p-4 md:grid-cols-[8rem_1fr_minmax(16rem,22rem)]">
        {payment.proofUrl ? (
          <Dialog>
            <DialogTrigger asChild>
              <button
                type="button"
                className="block h-32 w-full overflow-hidden rounded-lg border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 md:w-32"
                aria-label={t`View payment proof: ${customer}, ${title}`}
              >
                <img
                  src={payment.proofThumbnailUrl ?? payment.proofUrl}
                  alt=""
                  className="h-full w-full object-cover"
                  loading="lazy"
                />
              </button>
            </DialogTrigger>
            <DialogContent
              title={t`Payment Proof`}
              description={`${payment.customerName}: ${title}`}
              hideDescription
              className="max-w-3xl"
            >
              <img
                src={payment.proofUrl}
                alt={t`Payment proof: ${customer}, ${title}`}
                className="mx-auto h-auto max-h-[75vh] max-w-full rounded-md object-contain"
              />
            </DialogContent>
          </Dialog>
        ) : (
          <p className="text-sm text-slate-600">{t`No proof attached`}</p>
        )}
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">{t`Customer`}</dt>
          <dd>
            <Link to={customerPagePath(payment.userId)} className={LINK}>
              {payment.customerName || t`Unnamed customer`}
            </Link>
          </dd>
          <dt className="text-slate-600">{t`Service`}</dt>
          <dd className="text-slate-900">{title}</dd>
          <dt className="text-slate-600">{t`Amount`}</dt>
          <dd className="font-semibold text-slate-900">{formatMoney(payment.amount, i18n.locale)}</dd>
          <PromotionTerms payment={payment} />
          <dt className="text-slate-600">{t`Waiting`}</dt>
          <dd className="text-slate-900" data-testid="queue-age">
            <time dateTime={payment.createdAt}>{formatAge(payment.createdAt, asOf, i18n)}</time>
          </dd>
        </dl>
        <PaymentDecisionForm payment={payment} />
      </Card>
    </li>
  );
}

function InformationRow({ item, asOf }: { item: QueueInformation; asOf: string }) {
  const { t, i18n } = useLingui();
  return (
    <li>
      <Card
        data-testid="queue-information-row"
        className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm"
      >
        <div>
          <Link to={customerPagePath(item.userId, INFORMATION_TAB[item.form])} className={LINK}>
            {item.customerName || t`Unnamed customer`}
          </Link>
          <p className="text-slate-700">{i18n._(INFORMATION_TEXT[item.form][item.kind])}</p>
        </div>
        <time dateTime={item.savedAt} className="text-slate-600">
          {formatAgo(item.savedAt, asOf, i18n)}
        </time>
      </Card>
    </li>
  );
}

function ConversationRow({ item, asOf }: { item: QueueConversation; asOf: string }) {
  const { t, i18n } = useLingui();
  const unread = item.unread;
  return (
    <li>
      <Card data-testid="queue-message-row" className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
        <div>
          <Link to={customerPagePath(item.userId, "messages")} className={LINK}>
            {item.customerName || t`Unnamed customer`}
          </Link>
          <p className="text-slate-700">
            {unread > 0
              ? t`${plural(unread, { one: "# unread message", other: "# unread messages" })}`
              : t`Read, not answered yet`}
          </p>
        </div>
        <p className="text-slate-600">
          <Trans>
            Waiting for <time dateTime={item.waitingSince}>{formatAge(item.waitingSince, asOf, i18n)}</time>
          </Trans>
        </p>
      </Card>
    </li>
  );
}

/** A new lead nobody has contacted yet: the name opens the lead's page. */
function LeadRow({ item, asOf }: { item: QueueLead; asOf: string }) {
  const { i18n } = useLingui();
  return (
    <li>
      <Card data-testid="queue-lead-row" className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
        <div className="min-w-0">
          <Link to={leadPagePath(item.leadId)} className={LINK}>
            {item.name}
          </Link>
          {item.businessName ? <p className="text-slate-700">{item.businessName}</p> : null}
        </div>
        <p className="text-slate-600">
          <Trans>
            Came in <time dateTime={item.receivedAt}>{formatAgo(item.receivedAt, asOf, i18n)}</time>
          </Trans>
        </p>
      </Card>
    </li>
  );
}

/** A plan whose charge is failing: the name opens the customer's page, where their plans and charges are. */
function PastDuePlanRow({ item, asOf }: { item: QueuePastDuePlan; asOf: string }) {
  const { t, i18n } = useLingui();
  const price = formatMoney(item.amount, i18n.locale);
  const age = formatAge(item.pastDueSince, asOf, i18n);
  return (
    <li>
      <Card data-testid="queue-past-due-row" className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
        <div className="min-w-0">
          <Link to={customerPagePath(item.userId)} className={LINK}>
            {item.customerName || t`Unnamed customer`}
          </Link>
          <p className="text-slate-700">
            {item.planName} · {t`${price} a month`}
          </p>
        </div>
        <p className="text-slate-600">
          <Trans>
            Past due for{" "}
            <time dateTime={item.pastDueSince} data-testid="queue-age">
              {age}
            </time>
          </Trans>
        </p>
      </Card>
    </li>
  );
}

/** When the row's customer was last sent a reminder, of anything: what the team does next may be to send one. */
function LastReminded({ at, asOf }: { at: string | null; asOf: string }) {
  const { t, i18n } = useLingui();
  const ago = at ? formatAgo(at, asOf, i18n) : "";
  return (
    <p className="text-slate-600" data-testid="queue-last-reminded">
      {at ? (
        <Trans>
          Last reminded <time dateTime={at}>{ago}</time>
        </Trans>
      ) : (
        t`Not reminded yet`
      )}
    </p>
  );
}

function StalledRow({ item, asOf }: { item: QueueStalled; asOf: string }) {
  const { t, i18n } = useLingui();
  const service = serviceTitleIn(i18n, item.service);
  const { doneSteps, totalSteps } = item;
  const age = formatAge(item.lastMovedAt, asOf, i18n);
  return (
    <li>
      <Card data-testid="queue-stalled-row" className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
        <div>
          <Link to={customerPagePath(item.userId)} className={LINK}>
            {item.customerName || t`Unnamed customer`}
          </Link>
          <p className="text-slate-700">{t`${service}: ${doneSteps} of ${totalSteps} steps done`}</p>
        </div>
        <div className="sm:text-right">
          <p className="text-slate-600">
            <Trans>
              No progress for <time dateTime={item.lastMovedAt}>{age}</time>
            </Trans>
          </p>
          <LastReminded at={item.lastRemindedAt} asOf={asOf} />
        </div>
      </Card>
    </li>
  );
}

/**
 * A review round in the queue: sent back with changes (what the customer asked for, and since when), or still
 * waiting for the customer's decision (since it was sent, and when the customer was last reminded). The name opens
 * the service's tab, where the rounds are.
 */
function RoundRow({ item, asOf, sentBack }: { item: QueueRound | QueueWaitingRound; asOf: string; sentBack: boolean }) {
  const { t, i18n } = useLingui();
  const ago = formatAgo(item.since, asOf, i18n);
  return (
    <li>
      <Card
        data-testid={sentBack ? "queue-changes-row" : "queue-approval-row"}
        className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm"
      >
        <div className="min-w-0">
          <Link to={customerPagePath(item.userId, INFORMATION_TAB[item.service])} className={LINK}>
            {item.customerName || t`Unnamed customer`}
          </Link>
          <p className="text-slate-700">
            {serviceTitleIn(i18n, item.service)} · v{item.version}: {item.title}
          </p>
          {sentBack && item.comment ? (
            <p className="mt-1 line-clamp-2 border-l-2 border-slate-300 pl-2 break-words whitespace-pre-line text-slate-600">
              {item.comment}
            </p>
          ) : null}
        </div>
        <div className="sm:text-right">
          <p className="text-slate-600">
            {sentBack ? (
              <Trans>
                Sent back{" "}
                <time dateTime={item.since} data-testid="queue-age">
                  {ago}
                </time>
              </Trans>
            ) : (
              <Trans>
                Sent{" "}
                <time dateTime={item.since} data-testid="queue-age">
                  {ago}
                </time>
              </Trans>
            )}
          </p>
          {"lastRemindedAt" in item ? <LastReminded at={item.lastRemindedAt} asOf={asOf} /> : null}
        </div>
      </Card>
    </li>
  );
}

/**
 * The team's work queue under the dashboard's cards. It reloads with the page on every live change (the
 * admin layout's stream), so a new proof, another admin's decision or a saved form shows without a reload.
 * A staff member's queue has no payments list (null): the proofs and their decision form are the admins'. Plans
 * past due are everyone's to chase (a staff member's own customers'), so they follow the payments.
 */
export function WorkQueue({ queue }: { queue: WorkQueueData }) {
  const { t, i18n } = useLingui();
  const { pendingPayments } = queue;
  const payments = pendingPayments?.total ?? 0;
  const stalledDays = STALLED_AFTER_DAYS;
  return (
    <section aria-labelledby="work-queue-heading" className="mt-8 space-y-8">
      <h2 id="work-queue-heading" className="text-xl font-bold text-slate-900">
        {t`Work queue`}
      </h2>
      {pendingPayments ? (
        <QueueSection
          id="queue-payments"
          title={t`${plural(payments, { one: "Payments waiting for review", other: "Payments waiting for review" })}`}
          total={pendingPayments.total}
          items={pendingPayments.items}
          emptyText={t`No payments waiting for review`}
        >
          {(payment) => <PendingPaymentRow key={payment.id} payment={payment} asOf={queue.asOf} />}
        </QueueSection>
      ) : null}
      <QueueSection
        id="queue-past-due-plans"
        title={t`Plans past due`}
        total={queue.pastDuePlans.total}
        items={queue.pastDuePlans.items}
        emptyText={t`Every care plan's charge went through`}
      >
        {(item) => <PastDuePlanRow key={item.subscriptionId} item={item} asOf={queue.asOf} />}
      </QueueSection>
      {queue.deletionRequests ? <DeletionAnswers /> : null}
      {queue.deletionRequests ? (
        <QueueSection
          id="queue-deletions"
          title={t`Deletion requested`}
          total={queue.deletionRequests.total}
          items={queue.deletionRequests.items}
          emptyText={t`No customer is waiting for their account to be deleted`}
        >
          {(item) => (
            <DeletionRequestRow key={item.id} request={item} age={formatAgo(item.requestedAt, queue.asOf, i18n)} />
          )}
        </QueueSection>
      ) : null}
      <QueueSection
        id="queue-messages"
        title={t`Unanswered messages`}
        total={queue.unansweredMessages.total}
        items={queue.unansweredMessages.items}
        emptyText={t`Every customer's message has an answer`}
      >
        {(item) => <ConversationRow key={item.userId} item={item} asOf={queue.asOf} />}
      </QueueSection>
      <QueueSection
        id="queue-leads"
        title={t`New leads not contacted for a day`}
        total={queue.uncontactedLeads.total}
        items={queue.uncontactedLeads.items}
        emptyText={t`Every lead that came in more than a day ago has been contacted`}
      >
        {(item) => <LeadRow key={item.leadId} item={item} asOf={queue.asOf} />}
      </QueueSection>
      <QueueSection
        id="queue-information"
        title={t`Information submitted or updated`}
        total={queue.updatedInformation.total}
        items={queue.updatedInformation.items}
        emptyText={t`No new information since it was last opened`}
      >
        {(item) => <InformationRow key={`${item.userId}-${item.form}`} item={item} asOf={queue.asOf} />}
      </QueueSection>
      <QueueSection
        id="queue-changes-requested"
        title={t`Changes requested`}
        total={queue.changesRequested.total}
        items={queue.changesRequested.items}
        emptyText={t`No customer is waiting for changes`}
      >
        {(item) => (
          <RoundRow key={`${item.userId}-${item.service}-${item.version}`} item={item} asOf={queue.asOf} sentBack />
        )}
      </QueueSection>
      <QueueSection
        id="queue-stalled"
        title={t`No progress for ${stalledDays} days after payment`}
        total={queue.stalledCustomers.total}
        items={queue.stalledCustomers.items}
        emptyText={t`Every paid service moved in the last 7 days`}
      >
        {(item) => <StalledRow key={`${item.userId}-${item.service}`} item={item} asOf={queue.asOf} />}
      </QueueSection>
      <QueueSection
        id="queue-waiting-approval"
        title={t`Waiting for customer approval`}
        total={queue.waitingApproval.total}
        items={queue.waitingApproval.items}
        emptyText={t`No version is waiting for a customer's approval`}
      >
        {(item) => (
          <RoundRow
            key={`${item.userId}-${item.service}-${item.version}`}
            item={item}
            asOf={queue.asOf}
            sentBack={false}
          />
        )}
      </QueueSection>
    </section>
  );
}
