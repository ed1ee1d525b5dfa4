import { and, asc, count, eq, gt, isNull, lt, not, or, sql } from "drizzle-orm";
import {
  googleBusinessInfo,
  googleBusinessProgress,
  payments,
  profiles,
  serviceActivity,
  websiteInfo,
  websiteProgress,
} from "~db/schema";
import { toReviewPayment } from "~/features/payments/payment-views";
import { doneStepCount, PROGRESS_STEPS } from "~/features/progress/progress-steps";
import { requireAdminActor } from "~/lib/actor-guards";
import type { Db } from "~/lib/db.server";
import type { Actor } from "~/lib/session";
import { isServiceType } from "~/lib/service-catalog";
import { storedImageView } from "~/lib/stored-files";
import {
  stalledCutoff,
  WORK_QUEUE_LIMIT,
  type InformationForm,
  type QueueInformation,
  type QueueList,
  type QueuePayment,
  type QueueStalled,
  type WorkQueue,
} from "./work-queue-views";

export interface GetWorkQueueInput {
  /** The time ages and the stalled rule count from (tests pass one; the page the server's clock). */
  now?: Date;
  limit?: number;
}

/** The total a `count(*) over ()` column carries on every row (a bigint: a string from the driver). */
const TOTAL = sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The admin's work queue: proofs waiting for review, information forms saved since an admin last opened the
 * customer, and paid services whose progress has stalled. Each list is bounded (the first `limit` rows,
 * oldest first, and the total) and read through a partial index holding only the rows that can be in it,
 * so the cost follows the queue's size, not the number of customers (docs/decisions/020-admin-work-queue.md).
 */
export async function getWorkQueue(
  { db }: { db: Db },
  actor: Actor | null,
  { now = new Date(), limit = WORK_QUEUE_LIMIT }: GetWorkQueueInput = {},
): Promise<WorkQueue> {
  requireAdminActor(actor);
  const [pendingPayments, google, website, stalledCustomers] = await Promise.all([
    listPendingPayments(db, limit),
    listUnreviewedInformation(db, "google_business", limit),
    listUnreviewedInformation(db, "website", limit),
    listStalledServices(db, now, limit),
  ]);
  const items = [...google.items, ...website.items]
    .sort((x, y) => x.savedAt.localeCompare(y.savedAt) || x.userId.localeCompare(y.userId))
    .slice(0, limit);
  return {
    asOf: now.toISOString(),
    pendingPayments,
    updatedInformation: { total: google.total + website.total, items },
    stalledCustomers,
  };
}

/** Payments waiting for a decision (Zelle proofs: card payments are completed by the card provider), oldest first. */
async function listPendingPayments(db: Db, limit: number): Promise<QueueList<QueuePayment>> {
  const rows = await db
    .select({
      id: payments.id,
      userId: payments.userId,
      serviceType: payments.serviceType,
      paymentNumber: payments.paymentNumber,
      amount: payments.amount,
      paymentMethod: payments.paymentMethod,
      status: payments.status,
      proofUrl: payments.proofUrl,
      adminNotes: payments.adminNotes,
      createdAt: payments.createdAt,
      customerName: profiles.fullName,
      total: TOTAL,
    })
    .from(payments)
    .innerJoin(profiles, eq(profiles.id, payments.userId))
    .where(eq(payments.status, "pending"))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(limit);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map(({ customerName, total: _total, ...row }) => ({
      ...toReviewPayment(row),
      customerName,
      proofThumbnailUrl: row.proofUrl ? storedImageView(row.proofUrl).thumbnailUrl : null,
    })),
  };
}

/** One form's rows saved after the version an admin last saw (or never seen), oldest first. */
async function listUnreviewedInformation(
  db: Db,
  form: InformationForm,
  limit: number,
): Promise<QueueList<QueueInformation>> {
  const table = form === "google_business" ? googleBusinessInfo : websiteInfo;
  const rows = await db
    .select({
      userId: table.userId,
      customerName: profiles.fullName,
      reviewedAt: table.informationReviewedAt,
      updatedAt: table.updatedAt,
      total: TOTAL,
    })
    .from(table)
    .innerJoin(profiles, eq(profiles.id, table.userId))
    // Spelled as the partial index's predicate, so the planner reads only the index's rows.
    .where(or(isNull(table.informationReviewedAt), gt(table.updatedAt, table.informationReviewedAt)))
    .orderBy(asc(table.updatedAt), asc(table.userId))
    .limit(limit);
  return {
    total: rows[0]?.total ?? 0,
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
async function listStalledServices(db: Db, now: Date, limit: number): Promise<QueueList<QueueStalled>> {
  const stalled = and(not(serviceActivity.finished), lt(serviceActivity.movedAt, stalledCutoff(now)));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        userId: serviceActivity.userId,
        serviceType: serviceActivity.serviceType,
        movedAt: serviceActivity.movedAt,
        customerName: profiles.fullName,
        google: googleBusinessProgress,
        website: websiteProgress,
      })
      .from(serviceActivity)
      .innerJoin(profiles, eq(profiles.id, serviceActivity.userId))
      .leftJoin(
        googleBusinessProgress,
        and(eq(serviceActivity.serviceType, "google_business"), eq(googleBusinessProgress.userId, serviceActivity.userId)),
      )
      .leftJoin(websiteProgress, and(eq(serviceActivity.serviceType, "website"), eq(websiteProgress.userId, serviceActivity.userId)))
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
