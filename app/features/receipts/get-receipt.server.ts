import { and, asc, eq } from "drizzle-orm";
import { paymentRefunds, payments, profiles } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import { isServiceType } from "~/domain/service-catalog";
import type { Actor } from "~/lib/auth/session";
import { toReceiptView, type ReceiptView } from "./receipt";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A payment's receipt, for its owner or an admin: a completed payment, or one refunded in full (the money was paid,
 * and the receipt then shows it coming back). Anything else - another customer's payment, a staff member, a pending
 * or rejected one, an unknown id - is the same 404, so a receipt's existence is not revealed. The refunds listed are
 * the completed ones: a card refund Stripe has not confirmed is not money back yet. The agency's name, support
 * e-mail, address and tax id are the General settings in force.
 */
export async function getReceipt(
  { db, settings }: Pick<Deps, "db" | "settings">,
  actor: Actor | null,
  { paymentId }: { paymentId: string },
): Promise<ReceiptView> {
  const viewer = requireActor(actor);
  if (!UUID.test(paymentId)) throw new AppError("receipt_not_found");
  const [row] = await db
    .select({
      payment: payments,
      fullName: profiles.fullName,
      email: profiles.email,
      companyName: profiles.companyName,
    })
    .from(payments)
    .leftJoin(profiles, eq(profiles.id, payments.userId))
    .where(eq(payments.id, paymentId));
  if (!row) throw new AppError("receipt_not_found");
  const { payment } = row;
  if (payment.status !== "completed" && payment.status !== "refunded") throw new AppError("receipt_not_found");
  if (!viewer.isAdmin && payment.userId !== viewer.id) throw new AppError("receipt_not_found");
  // The trigger numbers every completed payment; a row without a number is not one a receipt can be made for.
  if (!isServiceType(payment.serviceType) || payment.receiptNumber === null || payment.completedAt === null)
    throw new AppError("receipt_not_found");
  const [refunds, { general }] = await Promise.all([
    db
      .select({
        amount: paymentRefunds.amount,
        reason: paymentRefunds.reason,
        completedAt: paymentRefunds.completedAt,
        createdAt: paymentRefunds.createdAt,
      })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, payment.id), eq(paymentRefunds.status, "completed")))
      .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id)),
    settings.get(),
  ]);
  return toReceiptView(
    {
      ...payment,
      serviceType: payment.serviceType,
      status: payment.status,
      receiptNumber: payment.receiptNumber,
      completedAt: payment.completedAt,
    },
    refunds.map((refund) => ({
      date: (refund.completedAt ?? refund.createdAt).toISOString(),
      amount: refund.amount,
      reason: refund.reason,
    })),
    { name: row.fullName ?? "", email: row.email ?? "", companyName: row.companyName?.trim() || null },
    {
      name: general.companyName,
      supportEmail: general.supportEmail,
      address: general.companyAddress,
      taxId: general.taxId,
    },
  );
}
