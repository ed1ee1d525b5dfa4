import {
  and,
  asc,
  count,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  max,
  not,
  notExists,
  or,
  sql,
  type Column,
  type SQL,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  carePlans,
  conversations,
  leads,
  reviewRounds,
  googleBusinessInfo,
  googleBusinessProgress,
  payments,
  planSubscriptions,
  profiles,
  reminders,
  serviceActivity,
  websiteInfo,
  user,
  websiteProgress,
} from "~db/schema";
import { listDeletionRequests } from "~/features/account-deletion/list-deletion-requests.server";
import { UNCONTACTED_AFTER_MS } from "~/features/leads/leads";
import { toReviewPayment } from "~/features/payments/payment-views";
import { planNames } from "~/features/plans/plans";
import { doneStepCount, PROGRESS_STEPS } from "~/domain/progress-steps";
import { requireTeamActor } from "~/lib/auth/actor-guards";
import type { Db } from "~/lib/db/db.server";
import type { Actor } from "~/lib/auth/session";
import type { Locale } from "~/lib/i18n/locales";
import { isServiceType } from "~/domain/service-catalog";
import { storedImageView } from "~/lib/storage/stored-files";
import {
  stalledCutoff,
  WORK_QUEUE_LIMIT,
  type InformationForm,
  type QueueConversation,
  type QueueInformation,
  type QueueLead,
  type QueueList,
  type QueuePastDuePlan,
  type QueuePayment,
  type QueueRound,
  type QueueStalled,
  type WorkQueue,
} from "./work-queue-views";
import type { Deps } from "~/lib/services.server";

export interface GetWorkQueueInput {
  /** The time ages and the stalled rule count from (tests pass one; the page the server's clock). */
  now?: Date;
  limit?: number;
  /** The language the plans' names are given in (the viewer's). */
  locale?: Locale;
}

/**
 * The customer's name on a queue row: the profile's, else the account's. Every queued row belongs to an account
 * (`user_id` references it), so the rows are joined to it and to the profile as an outer join: a queue's total
 * is then a count over its own partial index, with no join, and always the number of rows the list can show.
 * (A `count(*) over ()` on the joined rows read and joined every queued row: 7-17 ms with 2,500 pending proofs
 * and 5,000 unreviewed forms on PGlite, against under 1 ms for the bare counts.)
 */
const customerName = sql<string>`coalesce(${profiles.fullName}, ${user.name})`;

/**
 * Whose rows a list reads: every customer's (undefined, an admin) or only these (a staff member's customers). An
 * admin's lists get no condition at all, so their statements stay the bare partial-index reads measured.
 */
type Reach = readonly string[] | undefined;

function reachedBy(column: Column, reach: Reach): SQL | undefined {
  return reach ? inArray(column, [...reach]) : undefined;
}

function none<Item>(): QueueList<Item> {
  return { total: 0, items: [] };
}

/**
 * The team's work queue: proofs waiting for review, information forms saved since an admin last opened the
 * customer, paid services whose progress has stalled and care plans whose charge is failing. Each list is bounded (the first `limit` rows,
 * oldest first, and the total) and read through a partial index holding only the rows that can be in it,
 * so the cost follows the queue's size, not the number of customers (docs/decisions/020-admin-work-queue.md).
 * The stalled services and the rounds waiting for the customer say when each customer was last reminded: one more
 * read, over the shown rows' customers only (at most twice `limit`), through the reminders' index on the customer.
 * A staff member's lists hold only the customers assigned to them, and no payments nor deletion requests: deciding
 * them is the admins' (`pendingPayments` and `deletionRequests` are null, not empty lists, so their page does not say
 * that none are waiting).
 */
export async function getWorkQueue(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  { now = new Date(), limit = WORK_QUEUE_LIMIT, locale = "en" }: GetWorkQueueInput = {},
): Promise<WorkQueue> {
  const member = requireTeamActor(actor);
  const reach: Reach = member.isAdmin ? undefined : (member.assignedCustomerIds ?? []);
  // A staff member's leads are those assigned to them, whoever their customers are.
  const uncontactedLeads = listUncontactedLeads(db, now, limit, member.isAdmin ? undefined : member.id);
  if (reach?.length === 0) {
    // No customer assigned to them yet: nothing of their customers' can be queued, so only their leads are read.
    return {
      asOf: now.toISOString(),
      pendingPayments: null,
      updatedInformation: none(),
      stalledCustomers: none(),
      unansweredMessages: none(),
      changesRequested: none(),
      waitingApproval: none(),
      deletionRequests: null,
      uncontactedLeads: await uncontactedLeads,
      pastDuePlans: none(),
    };
  }
  const [
    pendingPayments,
    google,
    website,
    stalledCustomers,
    unansweredMessages,
    changesRequested,
    waitingApproval,
    deletionRequests,
    leadsWaiting,
    pastDuePlans,
  ] = await Promise.all([
    member.isAdmin ? listPendingPayments(db, limit) : null,
    listUnreviewedInformation(db, "google_business", limit, reach),
    listUnreviewedInformation(db, "website", limit, reach),
    listStalledServices(db, now, limit, reach),
    listUnansweredConversations(db, limit, reach),
    listRounds(db, "changes_requested", limit, reach),
    listRounds(db, "waiting", limit, reach),
    member.isAdmin ? listDeletionRequests(db, limit) : null,
    uncontactedLeads,
    listPastDuePlans(db, limit, reach, locale),
  ]);
  const items = [...google.items, ...website.items]
    .sort((x, y) => x.savedAt.localeCompare(y.savedAt) || x.userId.localeCompare(y.userId))
    .slice(0, limit);
  const reminded = await lastRemindedAt(db, [...stalledCustomers.items, ...waitingApproval.items]);
  return {
    asOf: now.toISOString(),
    pendingPayments,
    updatedInformation: { total: google.total + website.total, items },
    stalledCustomers: withLastReminded(stalledCustomers, reminded),
    unansweredMessages,
    changesRequested,
    waitingApproval: withLastReminded(waitingApproval, reminded),
    deletionRequests,
    uncontactedLeads: leadsWaiting,
    pastDuePlans,
  };
}

/**
 * When each of these rows' customers was last sent a reminder (of any kind), by customer: one grouped read of the
 * reminders of the shown rows' customers only, each customer's newest read through the `(user_id, sent_at desc)`
 * index. A customer never reminded has no entry.
 */
async function lastRemindedAt(db: Db, rows: readonly { userId: string }[]): Promise<Map<string, string>> {
  const userIds = [...new Set(rows.map((row) => row.userId))];
  if (userIds.length === 0) return new Map();
  const found = await db
    .select({ userId: reminders.userId, sentAt: max(reminders.sentAt) })
    .from(reminders)
    .where(inArray(reminders.userId, userIds))
    .groupBy(reminders.userId);
  return new Map(found.flatMap((row) => (row.sentAt ? [[row.userId, row.sentAt.toISOString()] as const] : [])));
}

/** A list's rows with when their customer was last reminded (null: never). */
function withLastReminded<Item extends { userId: string }>(
  list: QueueList<Item>,
  reminded: ReadonlyMap<string, string>,
): QueueList<Item & { lastRemindedAt: string | null }> {
  return {
    total: list.total,
    items: list.items.map((item) => ({ ...item, lastRemindedAt: reminded.get(item.userId) ?? null })),
  };
}

/**
 * Care plans past due (their charge failing while the card provider retries it), the longest failing first, read
 * through the subscriptions' partial index on past-due rows. A subscription kept for the books after its customer's
 * account was erased has no one to chase and is left out.
 */
async function listPastDuePlans(
  db: Db,
  limit: number,
  reach: Reach,
  locale: Locale,
): Promise<QueueList<QueuePastDuePlan>> {
  // Spelled as the partial index's predicate, so the planner reads only its rows.
  const pastDue = and(
    sql`${planSubscriptions.status} = 'past_due'`,
    isNotNull(planSubscriptions.userId),
    reachedBy(planSubscriptions.userId, reach),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        subscriptionId: planSubscriptions.id,
        userId: planSubscriptions.userId,
        customerName,
        plan: { nameEn: carePlans.nameEn, nameEs: carePlans.nameEs },
        amount: planSubscriptions.price,
        pastDueSince: planSubscriptions.pastDueSince,
        updatedAt: planSubscriptions.updatedAt,
      })
      .from(planSubscriptions)
      .innerJoin(user, eq(user.id, planSubscriptions.userId))
      .leftJoin(profiles, eq(profiles.id, planSubscriptions.userId))
      .innerJoin(carePlans, eq(carePlans.id, planSubscriptions.planId))
      .where(pastDue)
      .orderBy(asc(planSubscriptions.pastDueSince), asc(planSubscriptions.id))
      .limit(limit),
    db.select({ total: count() }).from(planSubscriptions).where(pastDue),
  ]);
  return {
    total: counted?.total ?? 0,
    items: rows.map((row) => ({
      subscriptionId: row.subscriptionId,
      userId: row.userId!,
      customerName: row.customerName,
      planName: planNames(row.plan)[locale],
      amount: row.amount,
      // A past-due row always has its day; the row's last change stands in should one lack it.
      pastDueSince: (row.pastDueSince ?? row.updatedAt).toISOString(),
    })),
  };
}

/**
 * New leads that came in more than UNCONTACTED_AFTER_MS ago and are still New (nobody moved them on, nobody invited
 * them), the oldest first; only those assigned to `memberId` when given (a staff member's).
 */
async function listUncontactedLeads(
  db: Db,
  now: Date,
  limit: number,
  memberId: string | undefined,
): Promise<QueueList<QueueLead>> {
  const waiting = and(
    eq(leads.stage, "new"),
    lt(leads.createdAt, new Date(now.getTime() - UNCONTACTED_AFTER_MS)),
    memberId ? eq(leads.assignedTo, memberId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ leadId: leads.id, name: leads.name, businessName: leads.businessName, receivedAt: leads.createdAt })
      .from(leads)
      .where(waiting)
      .orderBy(asc(leads.createdAt), asc(leads.id))
      .limit(limit),
    db.select({ total: count() }).from(leads).where(waiting),
  ]);
  return {
    total: counted?.total ?? 0,
    items: rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })),
  };
}

/**
 * Review rounds waiting for the customer, or sent back with changes and not yet answered by a newer round; the
 * oldest first. Each is read through its partial index (rounds still waiting; rounds sent back).
 */
async function listRounds(
  db: Db,
  which: "waiting" | "changes_requested",
  limit: number,
  reach: Reach,
): Promise<QueueList<QueueRound>> {
  const newer = alias(reviewRounds, "newer");
  const sentOrBack =
    which === "waiting"
      ? sql`${reviewRounds.decision} is null`
      : and(
          sql`${reviewRounds.decision} = 'changes_requested'`,
          notExists(
            db
              .select({ one: sql`1` })
              .from(newer)
              .where(
                and(
                  eq(newer.userId, reviewRounds.userId),
                  eq(newer.service, reviewRounds.service),
                  gt(newer.version, reviewRounds.version),
                ),
              ),
          ),
        );
  const open = and(sentOrBack, reachedBy(reviewRounds.userId, reach));
  const since = which === "waiting" ? reviewRounds.createdAt : reviewRounds.decidedAt;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        userId: reviewRounds.userId,
        customerName,
        service: reviewRounds.service,
        version: reviewRounds.version,
        title: reviewRounds.title,
        since,
        comment: reviewRounds.comment,
      })
      .from(reviewRounds)
      .innerJoin(user, eq(user.id, reviewRounds.userId))
      .leftJoin(profiles, eq(profiles.id, reviewRounds.userId))
      .where(open)
      .orderBy(asc(since), asc(reviewRounds.id))
      .limit(limit),
    db.select({ total: count() }).from(reviewRounds).where(open),
  ]);
  return {
    total: counted?.total ?? 0,
    items: rows.flatMap((row) =>
      isServiceType(row.service)
        ? [
            {
              userId: row.userId,
              customerName: row.customerName,
              service: row.service,
              version: row.version,
              title: row.title,
              since: row.since!.toISOString(),
              comment: row.comment,
            },
          ]
        : [],
    ),
  };
}

/** Customers whose last message is theirs (the agency has not answered), the longest waiting first. */
async function listUnansweredConversations(db: Db, limit: number, reach: Reach): Promise<QueueList<QueueConversation>> {
  // Spelled as the partial index's predicate: only waiting conversations are read.
  const waiting = and(sql`${conversations.waitingSince} is not null`, reachedBy(conversations.userId, reach));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        userId: conversations.userId,
        customerName,
        waitingSince: conversations.waitingSince,
        unread: conversations.agencyUnread,
      })
      .from(conversations)
      .innerJoin(user, eq(user.id, conversations.userId))
      .leftJoin(profiles, eq(profiles.id, conversations.userId))
      .where(waiting)
      .orderBy(asc(conversations.waitingSince), asc(conversations.userId))
      .limit(limit),
    db.select({ total: count() }).from(conversations).where(waiting),
  ]);
  return {
    total: counted?.total ?? 0,
    items: rows.map((row) => ({
      userId: row.userId,
      customerName: row.customerName,
      waitingSince: row.waitingSince!.toISOString(),
      unread: row.unread,
    })),
  };
}

/** Payments waiting for a decision (Zelle proofs: card payments are completed by the card provider), oldest first. */
async function listPendingPayments(db: Db, limit: number): Promise<QueueList<QueuePayment>> {
  const pending = eq(payments.status, "pending");
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: payments.id,
        userId: payments.userId,
        serviceType: payments.serviceType,
        paymentNumber: payments.paymentNumber,
        amount: payments.amount,
        discount: payments.discount,
        promotionCode: payments.promotionCode,
        refundedAmount: payments.refundedAmount,
        receiptNumber: payments.receiptNumber,
        paymentMethod: payments.paymentMethod,
        status: payments.status,
        proofUrl: payments.proofUrl,
        adminNotes: payments.adminNotes,
        periodStart: payments.periodStart,
        createdAt: payments.createdAt,
        customerName,
      })
      .from(payments)
      .innerJoin(user, eq(user.id, payments.userId))
      .leftJoin(profiles, eq(profiles.id, payments.userId))
      .where(pending)
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(limit),
    db.select({ total: count() }).from(payments).where(pending),
  ]);
  return {
    total: counted?.total ?? 0,
    // A pending payment is a Zelle proof, always a service's: a plan's charges are completed when recorded.
    items: rows.flatMap(({ customerName, serviceType, ...row }) =>
      serviceType === null
        ? []
        : [
            {
              ...toReviewPayment({ ...row, serviceType }),
              serviceType,
              customerName,
              proofThumbnailUrl: row.proofUrl ? storedImageView(row.proofUrl).thumbnailUrl : null,
            },
          ],
    ),
  };
}

/** One form's rows saved after the version an admin last saw (or never seen), oldest first. */
async function listUnreviewedInformation(
  db: Db,
  form: InformationForm,
  limit: number,
  reach: Reach,
): Promise<QueueList<QueueInformation>> {
  const table = form === "google_business" ? googleBusinessInfo : websiteInfo;
  // Spelled as the partial index's predicate, so the planner reads only the index's rows.
  const unreviewed = and(
    or(isNull(table.informationReviewedAt), gt(table.updatedAt, table.informationReviewedAt)),
    reachedBy(table.userId, reach),
  );
  // The oldest rows are taken from the form's own partial index first and only those joined to the names:
  // when most forms are unreviewed, the planner would otherwise join every one of them and sort.
  const queued = db
    .select({ userId: table.userId, reviewedAt: table.informationReviewedAt, updatedAt: table.updatedAt })
    .from(table)
    .where(unreviewed)
    .orderBy(asc(table.updatedAt), asc(table.userId))
    .limit(limit)
    .as("queued");
  const [rows, [counted]] = await Promise.all([
    db
      .select({ userId: queued.userId, customerName, reviewedAt: queued.reviewedAt, updatedAt: queued.updatedAt })
      .from(queued)
      .innerJoin(user, eq(user.id, queued.userId))
      .leftJoin(profiles, eq(profiles.id, queued.userId))
      .orderBy(asc(queued.updatedAt), asc(queued.userId)),
    db.select({ total: count() }).from(table).where(unreviewed),
  ]);
  return {
    total: counted?.total ?? 0,
    items: rows.map((row) => ({
      userId: row.userId,
      customerName: row.customerName,
      form,
      kind: row.reviewedAt ? "updated" : "submitted",
      savedAt: row.updatedAt.toISOString(),
    })),
  };
}

/**
 * Paid services not finished whose last move (the last completed payment of the service, or a later change
 * of its checklist) is older than STALLED_AFTER_DAYS: the rule of `isStalled`, read from service_activity
 * (kept by triggers) through its partial index on unfinished services. The rows and the count are two
 * index reads; the checklists are joined for the 20 rows shown only.
 */
async function listStalledServices(
  db: Db,
  now: Date,
  limit: number,
  reach: Reach,
): Promise<QueueList<Omit<QueueStalled, "lastRemindedAt">>> {
  const stalled = and(
    not(serviceActivity.finished),
    lt(serviceActivity.movedAt, stalledCutoff(now)),
    reachedBy(serviceActivity.userId, reach),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        userId: serviceActivity.userId,
        serviceType: serviceActivity.serviceType,
        movedAt: serviceActivity.movedAt,
        customerName,
        google: googleBusinessProgress,
        website: websiteProgress,
      })
      .from(serviceActivity)
      .innerJoin(user, eq(user.id, serviceActivity.userId))
      .leftJoin(profiles, eq(profiles.id, serviceActivity.userId))
      .leftJoin(
        googleBusinessProgress,
        and(
          eq(serviceActivity.serviceType, "google_business"),
          eq(googleBusinessProgress.userId, serviceActivity.userId),
        ),
      )
      .leftJoin(
        websiteProgress,
        and(eq(serviceActivity.serviceType, "website"), eq(websiteProgress.userId, serviceActivity.userId)),
      )
      .where(stalled)
      .orderBy(asc(serviceActivity.movedAt), asc(serviceActivity.userId), asc(serviceActivity.serviceType))
      .limit(limit),
    db.select({ total: count() }).from(serviceActivity).where(stalled),
  ]);
  return {
    total: counted?.total ?? 0,
    items: rows.flatMap((row) => {
      if (!isServiceType(row.serviceType)) return [];
      const service = row.serviceType;
      return [
        {
          userId: row.userId,
          customerName: row.customerName,
          service,
          lastMovedAt: row.movedAt.toISOString(),
          doneSteps: doneStepCount(service, service === "google_business" ? row.google : row.website),
          totalSteps: PROGRESS_STEPS[service].length,
        },
      ];
    }),
  };
}
