import { asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { googleBusinessInfo, googleBusinessProgress, payments, profiles, websiteInfo, websiteProgress } from "~db/schema";
import { toReviewPayment } from "~/features/payments/payment-views";
import { PROGRESS_STEPS } from "~/features/progress/progress-steps";
import { requireAdminActor } from "~/lib/actor-guards";
import type { Db } from "~/lib/db.server";
import type { Actor } from "~/lib/session";
import { isServiceType, type ServiceType } from "~/lib/service-catalog";
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

const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

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

const doneSteps = (service: ServiceType) => {
  const table = service === "google_business" ? googleBusinessProgress : websiteProgress;
  const columns = PROGRESS_STEPS[service].map((step) => (table as unknown as Record<string, unknown>)[step.key]);
  return sql.join(
    columns.map((column) => sql`coalesce(${column}::int, 0)`),
    sql` + `,
  );
};

/**
 * Paid services not finished whose last move (the last completed payment of the service, or a later change
 * of its checklist) is older than STALLED_AFTER_DAYS: the rule of `isStalled`, applied by the database.
 */
async function listStalledServices(db: Db, now: Date, limit: number): Promise<QueueList<QueueStalled>> {
  const cutoff = stalledCutoff(now).toISOString();
  const googleSteps = PROGRESS_STEPS.google_business.length;
  const websiteSteps = PROGRESS_STEPS.website.length;
  const result = await db.execute<{
    user_id: string;
    service_type: string;
    last_moved_at: Date | string;
    done_steps: number | string;
    full_name: string;
    total: number | string;
  }>(sql`
    with paid as (
      select ${payments.userId} as user_id, ${payments.serviceType} as service_type, max(${payments.updatedAt}) as paid_at
      from ${payments}
      where ${payments.status} = 'completed'
      group by 1, 2
    ), moved as (
      select paid.user_id, paid.service_type,
        greatest(paid.paid_at, coalesce(case paid.service_type when 'google_business' then ${googleBusinessProgress.updatedAt}
          else ${websiteProgress.updatedAt} end, paid.paid_at)) as last_moved_at,
        case paid.service_type when 'google_business' then ${doneSteps("google_business")}
          else ${doneSteps("website")} end as done_steps
      from paid
      left join ${googleBusinessProgress}
        on paid.service_type = 'google_business' and ${googleBusinessProgress.userId} = paid.user_id
      left join ${websiteProgress}
        on paid.service_type = 'website' and ${websiteProgress.userId} = paid.user_id
    )
    select moved.user_id, moved.service_type, moved.last_moved_at, moved.done_steps, ${profiles.fullName} as full_name,
      count(*) over () as total
    from moved
    join ${profiles} on ${profiles.id} = moved.user_id
    where moved.last_moved_at < ${cutoff}::timestamptz
      and moved.done_steps < case moved.service_type when 'google_business' then ${googleSteps}::int else ${websiteSteps}::int end
    order by moved.last_moved_at, moved.user_id, moved.service_type
    limit ${limit}
  `);
  const rows = result.rows.filter((row) => isServiceType(row.service_type));
  return {
    total: Number(result.rows[0]?.total ?? 0),
    items: rows.map((row) => {
      const service = row.service_type as ServiceType;
      return {
        userId: row.user_id,
        customerName: row.full_name,
        service,
        lastMovedAt: asDate(row.last_moved_at).toISOString(),
        doneSteps: Number(row.done_steps),
        totalSteps: PROGRESS_STEPS[service].length,
      };
    }),
  };
}

