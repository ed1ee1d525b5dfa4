import { requireActor, isTeam } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { refuseIfNotPayable } from "~/features/payments/payment-eligibility.server";
import { paymentQuoteSchema, type PaymentQuoteInput } from "~/features/payments/payments.schemas";
import { applyPromotionCode } from "~/features/promotions/apply-promotion-code.server";
import { withCodeTrial } from "~/features/promotions/promotion-code-trials.server";
import type { PaymentQuote } from "~/features/promotions/promotion-views";
import type { Deps } from "~/lib/services.server";

/**
 * What one of the customer's payments costs with a code (customers only: the team pays nothing here): the list
 * price, the discount and what is left, priced on the server as the payment will be. Nothing is recorded, so the
 * code is not reserved: the payment checks it again. A refused code counts towards the limit every path that takes a
 * code shares.
 */
export async function quotePayment(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor | null,
  input: PaymentQuoteInput,
): Promise<PaymentQuote> {
  const customer = requireActor(actor);
  if (isTeam(customer)) throw new AppError("forbidden");
  const parsed = paymentQuoteSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { promotionCode, ...target } = parsed.data;
  await refuseIfNotPayable(deps.db, customer.id, target);
  return withCodeTrial(deps.db, customer.id, async () => {
    const applied = await applyPromotionCode(deps.db, customer.id, target, promotionCode, {
      lock: false,
      now: deps.now?.(),
    });
    return {
      listPrice: applied.listPrice,
      discount: applied.discount,
      amount: applied.amount,
      promotionCode: applied.promotionCode,
    };
  });
}
