import { payments } from "~db/schema";
import { isTeam, requireActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { applyPromotionCode, invalidPromotionCode } from "~/features/promotions/apply-promotion-code.server";
import { withCodeTrial } from "~/features/promotions/promotion-code-trials.server";
import {
  alreadyPending,
  isLivePaymentConflict,
  isPromotionUseConflict,
  refuseIfNotPayable,
} from "./payment-eligibility.server";
import { toPaymentView, type PaymentView } from "./payment-views";
import { paymentQuoteSchema, type PaymentQuoteInput } from "./payments.schemas";
import type { Deps } from "~/lib/services.server";
import { markLeadsWon } from "~/features/leads/mark-lead-won.server";

/**
 * A payment a promotion code makes free (the dialog's 'Complete payment'; customers only): nothing is charged, so
 * the payment is recorded completed at once, method `promotion`, amount 0, the whole list price as its discount. The
 * code is checked again under its row's lock in the same transaction, and the payment is its use. A code that leaves
 * something to pay is refused as any unusable code is (a different answer would tell a guesser that the code exists),
 * and counts towards the limit every path that takes a code shares. The receipt number
 * and completion time come from the database's trigger, as for every completed payment; the redemption is audited
 * (`promotion.redeem`, by the customer) in the same transaction. As with a card payment, nobody has anything to review,
 * so no one is notified; the customer's pages and the admins' lists reload after the commit.
 */
export async function redeemFreePayment(
  deps: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: PaymentQuoteInput,
): Promise<PaymentView> {
  const customer = requireActor(actor);
  if (isTeam(customer)) throw new AppError("forbidden");
  const parsed = paymentQuoteSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { promotionCode, ...target } = parsed.data;
  const userId = customer.id;
  await refuseIfNotPayable(deps.db, userId, target);

  const redeem = async () => {
    try {
      return await deps.db.transaction(async (tx) => {
        const applied = await applyPromotionCode(tx, userId, target, promotionCode);
        if (applied.amount !== 0) throw invalidPromotionCode();
        const [inserted] = await tx
          .insert(payments)
          .values({
            userId,
            serviceType: target.serviceType,
            paymentNumber: target.paymentNumber,
            amount: 0,
            discount: applied.discount,
            promotionCodeId: applied.promotionCodeId,
            promotionCode: applied.promotionCode,
            paymentMethod: "promotion",
            status: "completed",
          })
          .returning();
        await recordAuditEvent(tx, {
          actorId: userId,
          action: "promotion.redeem",
          customerId: userId,
          detail: {
            paymentId: inserted!.id,
            promotionCodeId: applied.promotionCodeId,
            code: applied.promotionCode,
            serviceType: target.serviceType,
            paymentNumber: target.paymentNumber,
            discount: applied.discount,
          },
        });
        // The customer's first completed payment makes the lead they came from Won.
        return { row: inserted!, won: await markLeadsWon(tx, userId) };
      });
    } catch (error) {
      if (isLivePaymentConflict(error)) throw alreadyPending(target);
      if (isPromotionUseConflict(error)) throw invalidPromotionCode();
      throw error;
    }
  };
  const { row, won } = await withCodeTrial(deps.db, userId, redeem);
  await publishChanges(deps.bus, [{ table: "payments", userId }, ...won]);
  return toPaymentView(row);
}
