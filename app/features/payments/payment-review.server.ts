import { and, desc, eq } from "drizzle-orm";
import { notifications, payments } from "~db/schema";
import { requireAdminActor } from "~/features/users/customers.server";
import { toPaymentView, type PaymentView } from "./payments.server";
import type { Db } from "~/lib/db.server";
import { badRequest, HttpError, notFound } from "~/lib/errors";
import type { ChangeBus } from "~/lib/realtime.server";
import type { Actor } from "~/lib/session";
import {
  ALREADY_REVIEWED,
  DECISION_STATUS,
  decisionNotification,
  normalizeNotes,
  paymentDecisionSchema,
  type PaymentDecisionInput,
} from "./payment-review";

interface Deps {
  db: Db;
  bus: ChangeBus;
}

/** One payment as the admin's Payments tab shows it: the customer's view plus whose it is and the notes. */
export interface ReviewPayment extends PaymentView {
  userId: string;
  adminNotes: string | null;
}

function toReviewPayment(row: typeof payments.$inferSelect): ReviewPayment {
  return { ...toPaymentView(row), userId: row.userId, adminNotes: row.adminNotes };
}

/** A customer's payments for the admin, newest first (the spec leaves the order open). */
export async function listPaymentsForReview({ db }: Pick<Deps, "db">, actor: Actor | null, userId: string): Promise<ReviewPayment[]> {
  requireAdminActor(actor);
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return rows.map(toReviewPayment);
}

export const alreadyReviewed = () => new HttpError(409, ALREADY_REVIEWED);

/**
 * Approves or rejects a pending payment, once. The status changes only from pending, in one atomic
 * `update ... where status = 'pending' returning`: of two admins deciding at the same moment, the second
 * update finds the row no longer pending and gets 409. The customer's notification is written in the same
 * transaction, so a decision never exists without it; the changes are published after the commit.
 */
export async function decidePayment({ db, bus }: Deps, actor: Actor | null, input: PaymentDecisionInput): Promise<ReviewPayment> {
  requireAdminActor(actor);
  const parsed = paymentDecisionSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid request");
  const { paymentId, decision } = parsed.data;
  const notes = normalizeNotes(parsed.data.notes);

  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ status: DECISION_STATUS[decision], adminNotes: notes })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")))
      .returning();
    if (!row) {
      const [existing] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, paymentId));
      throw existing ? alreadyReviewed() : notFound("Payment not found");
    }
    await tx.insert(notifications).values({ userId: row.userId, type: "payment", ...decisionNotification(decision, notes) });
    return row;
  });

  await Promise.all([
    bus.publish({ table: "payments", userId: decided.userId }),
    bus.publish({ table: "notifications", userId: decided.userId }),
  ]);
  return toReviewPayment(decided);
}
