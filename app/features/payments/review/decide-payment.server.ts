import { customerIdOf } from "../payment-owner";
import { and, eq } from "drizzle-orm";
import { payments } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Actor } from "~/lib/auth/session";
import type { ServiceType } from "~/domain/service-catalog";
import {
  DECISION_STATUS,
  lacksRejectionReason,
  normalizeNotes,
  rejectionNextSteps,
  paymentDecisionSchema,
  type PaymentDecisionInput,
} from "./payment-review";
import { toReviewPayment, type ReviewPayment } from "../payment-views";
import { markLeadsWon } from "~/features/leads/mark-lead-won.server";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

const alreadyReviewed = () => new AppError("payment_already_reviewed");

/**
 * Approves or rejects a pending payment, once; a rejection needs its reason (the note), which the customer reads. The status changes only from pending, in one atomic
 * `update ... where status = 'pending' returning`: of two admins deciding at the same moment, the second
 * update finds the row no longer pending and gets 409. The customer's notification and the audit event are
 * written in the same transaction, so a decision never exists without them (and a refused one writes
 * neither), as is an approval's Won for the lead the customer came from; the changes are published after the commit.
 */
export async function decidePayment(
  { db, bus }: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: PaymentDecisionInput,
): Promise<ReviewPayment> {
  const admin = requireAdminActor(actor);
  const parsed = paymentDecisionSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { paymentId, decision } = parsed.data;
  const notes = normalizeNotes(parsed.data.notes);

  const { row, changes } = await db.transaction(async (tx) => {
    if (lacksRejectionReason(decision, notes)) {
      // A payment that is not there or already decided answers as always; a pending one needs the reason.
      const [existing] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
      if (!existing) throw new AppError("payment_not_found");
      if (existing.status !== "pending") throw alreadyReviewed();
      throw new AppError("rejection_reason_required");
    }
    const [decided] = await tx
      .update(payments)
      .set({ status: DECISION_STATUS[decision], adminNotes: notes })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")))
      .returning();
    if (!decided) {
      const [existing] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, paymentId));
      throw existing ? alreadyReviewed() : new AppError("payment_not_found");
    }
    const customerId = customerIdOf(decided);
    // Worded in the customer's language when they read it (their row) and when it is written (their e-mail); a
    // rejection's e-mail also says what the customer can do now (the e-mail links to the page).
    const notified = await notify(tx, {
      to: { customer: customerId },
      type: "payment",
      data: {
        kind: "decision",
        decision,
        service: decided.serviceType as ServiceType,
        paymentNumber: decided.paymentNumber,
        notes,
      },
      emailNext: decision === "reject" ? (i18n) => rejectionNextSteps(i18n) : undefined,
    });
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: decision === "approve" ? "payment.approve" : "payment.reject",
      customerId: decided.userId,
      detail: {
        paymentId: decided.id,
        serviceType: decided.serviceType,
        paymentNumber: decided.paymentNumber,
        ...(notes ? { notes } : {}),
      },
    });
    // The customer's first completed payment makes the lead they came from Won.
    const won = decision === "approve" ? await markLeadsWon(tx, customerId) : [];
    return { row: decided, changes: [{ table: "payments", userId: customerId }, ...notified, ...won] };
  });

  await publishChanges(bus, changes);
  return toReviewPayment(row);
}
