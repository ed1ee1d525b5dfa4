import { desc, eq } from "drizzle-orm";
import { payments } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Db } from "~/lib/db/db.server";
import type { Actor } from "~/lib/auth/session";
import { toReviewPayment, type ReviewPayment } from "./payment-views";

/** A customer's payments for the admin, newest first. */
export async function listPaymentsForReview(
  { db }: { db: Db },
  actor: Actor | null,
  { userId }: { userId: string },
): Promise<ReviewPayment[]> {
  requireAdminActor(actor);
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return rows.map(toReviewPayment);
}
