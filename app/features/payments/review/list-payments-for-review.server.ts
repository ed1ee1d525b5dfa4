import { asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { carePlans, paymentRefunds, payments, planSubscriptions, profiles } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { toReviewPayment } from "../payment-views";
import type { AdminPaymentView, RefundView } from "../refunds/refund-views";
import type { Deps } from "~/lib/services.server";

/**
 * A customer's payments for the admin, newest first (a care plan's monthly charges with their plan's names), each
 * with its refunds (one query for all of them); an id that cannot be a customer's is 404.
 */
export async function listPaymentsForReview(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  { userId }: { userId: string },
): Promise<AdminPaymentView[]> {
  requireAdminActor(actor);
  if (!z.uuid().safeParse(userId).success) throw new AppError("customer_not_found");
  const [rows, refundRows] = await Promise.all([
    db
      .select({ payment: payments, planEn: carePlans.nameEn, planEs: carePlans.nameEs })
      .from(payments)
      .leftJoin(planSubscriptions, eq(planSubscriptions.id, payments.planSubscriptionId))
      .leftJoin(carePlans, eq(carePlans.id, planSubscriptions.planId))
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt), desc(payments.id)),
    db
      .select({ refund: paymentRefunds, refundedBy: profiles.fullName })
      .from(paymentRefunds)
      .leftJoin(profiles, eq(profiles.id, paymentRefunds.refundedBy))
      .where(eq(paymentRefunds.userId, userId))
      .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id)),
  ]);
  const refunds = new Map<string, RefundView[]>();
  for (const { refund, refundedBy } of refundRows) {
    const list = refunds.get(refund.paymentId) ?? [];
    list.push({
      id: refund.id,
      amount: refund.amount,
      reason: refund.reason,
      status: refund.status,
      refundedBy: refundedBy ?? null,
      createdAt: refund.createdAt.toISOString(),
      completedAt: refund.completedAt?.toISOString() ?? null,
    });
    refunds.set(refund.paymentId, list);
  }
  return rows.map(({ payment, planEn, planEs }) => ({
    ...toReviewPayment(payment, planEn !== null && planEs !== null ? { en: planEn, es: planEs } : null),
    refunds: refunds.get(payment.id) ?? [],
  }));
}
