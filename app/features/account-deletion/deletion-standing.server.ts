import { sql } from "drizzle-orm";
import type { Executor } from "~/lib/db/db.server";
import { deletionBlockers, type DeletionBlocker, type DeletionStanding } from "./account-deletion";

/**
 * What could hold a customer's deletion back, read in the caller's transaction: their payments waiting for review, and
 * their services paid for (a completed payment: not rejected, not refunded in full) whose checklist is not finished
 * (service_activity, kept by triggers, says which paid services are not finished).
 */
async function readDeletionStanding(executor: Executor, customerId: string): Promise<DeletionStanding> {
  const { rows } = await executor.execute<{ pending: number; unfinished: number }>(sql`
    select
      (select count(*)::int from payments p where p.user_id = ${customerId} and p.status = 'pending') as pending,
      (select count(*)::int from service_activity sa
        where sa.user_id = ${customerId} and not sa.finished
          and exists (select 1 from payments p where p.user_id = sa.user_id and p.service_type = sa.service_type and p.status = 'completed')
      ) as unfinished`);
  return { pendingPayments: Number(rows[0]?.pending ?? 0), unfinishedPaidServices: Number(rows[0]?.unfinished ?? 0) };
}

/** The customer's blockers now. */
export async function readDeletionBlockers(executor: Executor, customerId: string): Promise<DeletionBlocker[]> {
  return deletionBlockers(await readDeletionStanding(executor, customerId));
}
