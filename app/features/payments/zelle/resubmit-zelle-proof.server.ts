import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { payments } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Executor } from "~/lib/db/db.server";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { keyFromFileUrl } from "~/lib/storage/stored-files";
import { deleteUpload, prepareUploads, storeUpload } from "~/lib/storage/uploads.server";
import { isServiceType } from "~/domain/service-catalog";
import { alreadyPending, isLivePaymentConflict, refuseIfNotPayable } from "../payment-eligibility.server";
import { proofStem } from "../payment-rules";
import { latestPayment } from "../payment-state";
import { toPaymentView, type PaymentView } from "../payment-views";
import { proofResubmitSchema } from "../payments.schemas";
import { announceProof, autoApproveOn, receivedProofState } from "./proof-announcement.server";
import { lockPromotionCode, promotionUses } from "~/features/promotions/apply-promotion-code.server";
import type { Deps } from "~/lib/services.server";

export type ZelleProofResubmitInput = z.input<typeof proofResubmitSchema>;

/**
 * A new proof for a rejected Zelle transfer: the customer sent the money once, so the same payment gets the new
 * photo and goes back to review (or is approved on receipt with Auto-approve Submissions on), announced to the admins
 * exactly as a first proof. Only the customer's own payment (anyone else's answers as a missing one, admins
 * included: they do not send proofs for customers), only a Zelle one, only while it is rejected and the newest of
 * its service and number, and only while no other payment for them is live. The old rejection's note is cleared (the
 * customer's notification and the audit log keep it) so an approval does not quote it; the old photo is removed
 * after the commit. The payment keeps its price: a promotion code it was priced with stays on it, whatever the code's
 * state now (the customer sent that amount). Its rejection gave the code's use back, so it counts as the use again
 * only if it still can, under the code's row lock: if the customer has used the code on another payment since (one
 * use per customer), or others have taken every use the code has meanwhile, it keeps the code's text and discount
 * without counting, and its admin notes say so.
 */
export async function resubmitZelleProof(
  deps: Pick<Deps, "db" | "bus" | "storage" | "now">,
  actor: Actor | null,
  input: ZelleProofResubmitInput,
): Promise<PaymentView> {
  const { db, bus, storage } = deps;
  const { id: userId } = requireActor(actor);
  const parsed = proofResubmitSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { paymentId, proof } = parsed.data;

  // File errors come first, as for a first proof.
  const [photo] = await prepareUploads("payment-proof", [proof]);
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  if (!payment || !isServiceType(payment.serviceType)) throw new AppError("payment_not_found");
  const target = { serviceType: payment.serviceType, paymentNumber: payment.paymentNumber };
  if (payment.status !== "rejected" || payment.paymentMethod !== "zelle") throw new AppError("proof_not_replaceable");
  const siblings = await db
    .select({
      id: payments.id,
      serviceType: payments.serviceType,
      paymentNumber: payments.paymentNumber,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.serviceType, payment.serviceType),
        eq(payments.paymentNumber, payment.paymentNumber),
      ),
    );
  if (latestPayment(siblings, target.serviceType, target.paymentNumber)?.id !== payment.id)
    throw new AppError("proof_not_replaceable");
  await refuseIfNotPayable(db, userId, target);

  const record = (url: string) =>
    db.transaction(async (tx) => {
      const autoApprove = await autoApproveOn(tx);
      const lostUse = payment.promotionCodeId
        ? await whyNotItsUse(tx, payment.promotionCodeId, userId, payment.id)
        : null;
      const state = receivedProofState(autoApprove);
      const adminNotes = [state.adminNotes, lostUse].filter(Boolean).join("\n") || null;
      const [row] = await tx
        .update(payments)
        .set({ proofUrl: url, ...state, adminNotes, ...(lostUse ? { promotionCodeId: null } : {}) })
        .where(and(eq(payments.id, payment.id), eq(payments.userId, userId), eq(payments.status, "rejected")))
        .returning();
      // Another tab sent a new proof first.
      if (!row) throw new AppError("proof_not_replaceable");
      return { row, changes: await announceProof(tx, row, autoApprove) };
    });
  let result: Awaited<ReturnType<typeof record>>;
  try {
    // storeUpload removes the new photo if the transaction fails.
    result = await storeUpload(storage, "payment-proof", userId, photo, (stored) => record(stored.url), {
      stem: proofStem(target.serviceType, target.paymentNumber),
      now: deps.now && (() => deps.now!().getTime()),
    });
  } catch (error) {
    if (isLivePaymentConflict(error)) throw alreadyPending(target);
    throw error;
  }

  const oldKey = payment.proofUrl ? keyFromFileUrl("payment-proof", payment.proofUrl) : null;
  if (oldKey) {
    await deleteUpload(storage, "payment-proof", oldKey).catch((error: unknown) =>
      console.error("Could not remove a replaced payment proof:", error),
    );
  }
  await publishChanges(bus, [{ table: "payments", userId }, ...result.changes]);
  return toPaymentView(result.row);
}

/**
 * Why a rejected payment may not count as its code's use again (the admin's note), or null when it may: the customer
 * has no other use of it and the code has a use left. The code's row stays locked until the transaction ends, so no
 * one takes that use meanwhile.
 */
async function whyNotItsUse(
  tx: Executor,
  promotionCodeId: string,
  userId: string,
  paymentId: string,
): Promise<string | null> {
  const code = await lockPromotionCode(tx, promotionCodeId);
  if (!code) return null;
  const { uses, usedByCustomer } = await promotionUses(tx, promotionCodeId, userId, { exceptPaymentId: paymentId });
  if (usedByCustomer) {
    return `Promotion code ${code.code}: this customer has used it on another payment since this transfer was rejected; the payment keeps its price and discount but does not count as a use.`;
  }
  if (code.maxUses !== null && uses >= code.maxUses) {
    return `Promotion code ${code.code}: all ${code.maxUses} of its uses were taken while this transfer was rejected; the payment keeps its price and discount but does not count as a use.`;
  }
  return null;
}
