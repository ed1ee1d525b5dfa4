import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { ServiceType } from "~/domain/service-catalog";
import type { QueueDeletionRequest } from "~/features/account-deletion/deletion-views";
import type { ReviewPayment } from "~/features/payments/payment-views";

/** How many rows each list of the work queue shows; its heading counts them all. */
export const WORK_QUEUE_LIMIT = 20;

/** A paid service whose progress has not moved for this many days is stalled. */
export const STALLED_AFTER_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** One list of the queue: the first rows (oldest first) and how many there are in all. */
export interface QueueList<Item> {
  total: number;
  items: Item[];
}

/** A Zelle proof waiting for review (always a service's payment), with what the decision form and the row show. */
export interface QueuePayment extends ReviewPayment {
  serviceType: string;
  customerName: string;
  /** The proof's preview, served by the files route (null when the payment has no proof). */
  proofThumbnailUrl: string | null;
}

export type InformationForm = ServiceType;

/** An information form saved since an admin last opened the customer's page. */
export interface QueueInformation {
  userId: string;
  customerName: string;
  form: InformationForm;
  /** First submission never opened, or an update to one already seen. */
  kind: "submitted" | "updated";
  savedAt: string;
}

/** A paid service whose checklist has not moved for STALLED_AFTER_DAYS days. */
export interface QueueStalled {
  userId: string;
  customerName: string;
  service: ServiceType;
  /** When the service last moved: its last completed payment or its last progress change, the later. */
  lastMovedAt: string;
  doneSteps: number;
  totalSteps: number;
  /** When the customer was last sent a reminder, of anything (null: never). */
  lastRemindedAt: string | null;
}

/** A customer whose last message has not been answered yet. */
export interface QueueConversation {
  userId: string;
  customerName: string;
  /** When the first of their unanswered messages was sent. */
  waitingSince: string;
  /** Their messages no admin has read yet (0: read, not answered). */
  unread: number;
}

/** A review round in the queue: one waiting for the customer's decision, or one the customer sent back with changes. */
export interface QueueRound {
  userId: string;
  customerName: string;
  service: ServiceType;
  version: number;
  title: string;
  /** When it was sent (waiting) or sent back (changes requested): its age counts from here. */
  since: string;
  /** What the customer asked to change (changes requested only). */
  comment: string | null;
}

/** A round waiting for the customer's decision, with when the customer was last sent a reminder (of anything). */
export interface QueueWaitingRound extends QueueRound {
  lastRemindedAt: string | null;
}

/** A quote request nobody has contacted UNCONTACTED_AFTER_MS after it came in (still New). */
export interface QueueLead {
  leadId: string;
  name: string;
  businessName: string | null;
  receivedAt: string;
}

/** A care plan whose monthly charge is failing (past due) while the card provider retries it. */
export interface QueuePastDuePlan {
  subscriptionId: string;
  userId: string;
  customerName: string;
  /** The plan's name in the viewer's language. */
  planName: string;
  /** What the subscription is charged a month. */
  amount: number;
  /** When its charge first failed. */
  pastDueSince: string;
}

export interface WorkQueue {
  /** The server's time when the queue was read: ages are counted from it (the same on server and browser). */
  asOf: string;
  /** Null for a staff member: payments are decided by the admins, so their queue has no such list. */
  pendingPayments: QueueList<QueuePayment> | null;
  updatedInformation: QueueList<QueueInformation>;
  stalledCustomers: QueueList<QueueStalled>;
  unansweredMessages: QueueList<QueueConversation>;
  /** Rounds the customer sent back, not yet followed by a newer round, the oldest first. */
  changesRequested: QueueList<QueueRound>;
  /** Rounds waiting for the customer's decision, the oldest first. */
  waitingApproval: QueueList<QueueWaitingRound>;
  /** Customers' requests to delete their account, waiting for an admin; null for a staff member (deletions are the admins'). */
  deletionRequests: QueueList<QueueDeletionRequest> | null;
  /** New leads nobody has contacted for a day, the oldest first: every one for an admin, a staff member's own for them. */
  uncontactedLeads: QueueList<QueueLead>;
  /** Care plans past due, the longest failing first. */
  pastDuePlans: QueueList<QueuePastDuePlan>;
}

/**
 * How long something has waited, in the largest whole unit, in the language of `i18n`: 'just now' under a
 * minute, then minutes, hours and days ('1 day', '3 days'; '3 días'). A time in the future (clocks apart)
 * counts as just now.
 */
export function formatAge(since: Date | string, now: Date | string, i18n: I18n): string {
  const ms = new Date(now).getTime() - new Date(since).getTime();
  const minutes = Math.floor(ms / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return i18n._(msg`just now`);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(ms / DAY_MS);
  if (days >= 1) return i18n._(msg`${plural(days, { one: "# day", other: "# days" })}`);
  if (hours >= 1) return i18n._(msg`${plural(hours, { one: "# hour", other: "# hours" })}`);
  return i18n._(msg`${plural(minutes, { one: "# minute", other: "# minutes" })}`);
}

/** 'just now' or '3 days ago' ('hace 3 días'). */
export function formatAgo(since: Date | string, now: Date | string, i18n: I18n): string {
  const age = formatAge(since, now, i18n);
  const ms = new Date(now).getTime() - new Date(since).getTime();
  if (!Number.isFinite(ms) || ms < 60_000) return age;
  return i18n._(msg`${age} ago`);
}

/** When a paid service last moved: its last completed payment, or a later change of its checklist. */
export function lastMovedAt(paidAt: Date, progressChangedAt: Date | null): Date {
  return progressChangedAt && progressChangedAt > paidAt ? progressChangedAt : paidAt;
}

/** The moment before which a service's last move makes it stalled. */
export function stalledCutoff(now: Date): Date {
  return new Date(now.getTime() - STALLED_AFTER_DAYS * DAY_MS);
}

/**
 * The stalled rule (the database query applies the same one): a service paid for, not finished (not every
 * step ticked), that has not moved (no completed payment, no step ticked) for STALLED_AFTER_DAYS days.
 */
export function isStalled(
  { paidAt, progressChangedAt, finished }: { paidAt: Date; progressChangedAt: Date | null; finished: boolean },
  now: Date,
): boolean {
  return !finished && lastMovedAt(paidAt, progressChangedAt) < stalledCutoff(now);
}
