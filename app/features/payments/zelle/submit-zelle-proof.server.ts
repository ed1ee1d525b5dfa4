import type { z } from "zod";
import { payments } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Executor } from "~/lib/db/db.server";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { paymentAmount } from "~/domain/service-catalog";
import type { Actor } from "~/lib/auth/session";
import { testPause } from "~/lib/storage/test-pauses.server";
import { prepareUploads, storeUpload } from "~/lib/storage/uploads.server";
import { applyPromotionCode, invalidPromotionCode } from "~/features/promotions/apply-promotion-code.server";
import { withCodeTrial } from "~/features/promotions/promotion-code-trials.server";
import {
  alreadyPending,
  isLivePaymentConflict,
  isPromotionUseConflict,
  refuseIfNotPayable,
} from "../payment-eligibility.server";
import { proofStem } from "../payment-rules";
import { announceProof, autoApproveOn, receivedProofState } from "./proof-announcement.server";
import { toPaymentView, type PaymentView } from "../payment-views";
import { proofFormSchema } from "../payments.schemas";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

export type ZelleProofInput = z.input<typeof proofFormSchema>;

/**
 * A customer's Zelle proof: checked by its bytes (JPEG, PNG or WebP, at most 10 MB), stored privately,
 * recorded as a pending payment priced from the catalog (less a promotion code's discount, the code checked again
 * under its row's lock in the same transaction; a refused one counts towards the limit every path that takes a code
 * shares), and announced to every admin in the same
 * transaction (when the settings' New submission received is on). With Auto-approve Submissions on, the
 * payment is recorded approved, its admin notes say so, the customer gets the approval notification and
 * the approval is audited (actor: the system). A refusal leaves no row, no notification and no stored file; changes are published after
 * the commit.
 */
export async function submitZelleProof(
  deps: Pick<Deps, "db" | "bus" | "storage" | "now">,
  actor: Actor | null,
  input: ZelleProofInput,
): Promise<PaymentView> {
  const { db, bus, storage } = deps;
  const { id: userId } = requireActor(actor);
  const parsed = proofFormSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { proof, promotionCode, ...target } = parsed.data;

  // The photo is checked (and its metadata stripped) before the payment rules, as before: file errors come first.
  const [photo] = await prepareUploads("payment-proof", [proof]);
  await refuseIfNotPayable(db, userId, target);
  // A code is checked before the photo is stored too, so a refused one costs no write; the transaction checks it again.
  const price = async (executor: Executor, lock: boolean) => {
    if (!promotionCode)
      return {
        amount: paymentAmount(target.serviceType, target.paymentNumber),
        discount: 0,
        promotionCodeId: null,
        promotionCode: null,
      };
    const applied = await applyPromotionCode(executor, userId, target, promotionCode, { lock });
    // Nothing to send: the dialog completes such a payment without a transfer. Refused as any unusable code is, so
    // the answer tells a guesser nothing about what the code would take off.
    if (applied.amount === 0) throw invalidPromotionCode();
    return {
      amount: applied.amount,
      discount: applied.discount,
      promotionCodeId: applied.promotionCodeId,
      promotionCode: applied.promotionCode,
    };
  };
  const record = async (): Promise<{ row: typeof payments.$inferSelect; changes: Change[] }> => {
    await price(db, false);
    try {
      // storeUpload removes the stored photo and its thumbnail if the transaction fails.
      return await storeUpload(
        storage,
        "payment-proof",
        userId,
        photo,
        (stored) =>
          db.transaction(async (tx) => {
            const autoApprove = await autoApproveOn(tx);
            const priced = await price(tx, true);
            const [row] = await tx
              .insert(payments)
              .values({
                userId,
                serviceType: target.serviceType,
                paymentNumber: target.paymentNumber,
                ...priced,
                paymentMethod: "zelle",
                proofUrl: stored.url,
                ...receivedProofState(autoApprove),
              })
              .returning();
            const changes = await announceProof(tx, row!, autoApprove);
            await testPause("proof:before-commit");
            return { row: row!, changes };
          }),
        { stem: proofStem(target.serviceType, target.paymentNumber), now: deps.now && (() => deps.now!().getTime()) },
      );
    } catch (error) {
      // Two submissions raced past the check above: the database's unique index is the last word.
      if (isLivePaymentConflict(error)) throw alreadyPending(target);
      // The same customer raced two payments with one code: the one-use index is the last word.
      if (isPromotionUseConflict(error)) throw invalidPromotionCode();
      throw error;
    }
  };
  const result = promotionCode ? await withCodeTrial(db, userId, record) : await record();

  await publishChanges(bus, [{ table: "payments", userId }, ...result.changes]);
  return toPaymentView(result.row);
}
