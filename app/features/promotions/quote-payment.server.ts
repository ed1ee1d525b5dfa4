import { requireActor, isTeam } from "~/lib/auth/actor-guards";
import { countAttempt, peekAttempts, type AttemptWindow } from "~/lib/auth/attempt-counter.server";
import type { Actor } from "~/lib/auth/session";
import type { Db } from "~/lib/db/db.server";
import { AppError } from "~/lib/http/app-error";
import { refuseIfNotPayable } from "~/features/payments/payment-eligibility.server";
import { paymentQuoteSchema, type PaymentQuoteInput } from "~/features/payments/payments.schemas";
import { applyPromotionCode } from "./apply-promotion-code.server";
import type { PaymentQuote } from "./promotion-views";

export interface QuotePaymentDeps {
  db: Db;
  /** Refused codes one customer may try per window (default CODE_TRIAL_LIMIT). */
  rateLimit?: AttemptWindow;
  now?: () => Date;
}

/** Ten refused codes per customer in ten minutes: plenty for typing slips, a wall for guessing codes. */
const CODE_TRIAL_LIMIT: AttemptWindow = { windowMs: 10 * 60 * 1000, max: 10 };

export const codeTrialKey = (userId: string) => `promotion-code:${userId}`;

/**
 * What one of the customer's payments costs with a code (customers only: the team pays nothing here): the list
 * price, the discount and what is left, priced on the server as the payment will be. Nothing is recorded, so the
 * code is not reserved: the payment checks it again. A customer whose codes keep being refused is made to wait.
 */
export async function quotePayment(deps: QuotePaymentDeps, actor: Actor | null, input: PaymentQuoteInput): Promise<PaymentQuote> {
  const customer = requireActor(actor);
  if (isTeam(customer)) throw new AppError("forbidden");
  const window = deps.rateLimit ?? CODE_TRIAL_LIMIT;
  const key = codeTrialKey(customer.id);
  if (!(await peekAttempts(deps.db, key, window)).allowed) throw new AppError("promotion_code_rate_limited");
  const parsed = paymentQuoteSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { promotionCode, ...target } = parsed.data;
  await refuseIfNotPayable(deps.db, customer.id, target);
  try {
    const applied = await applyPromotionCode(deps.db, customer.id, target, promotionCode, { lock: false, now: deps.now?.() });
    return { listPrice: applied.listPrice, discount: applied.discount, amount: applied.amount, promotionCode: applied.promotionCode };
  } catch (error) {
    if (error instanceof AppError && error.code === "promotion_code_invalid") await countAttempt(deps.db, key, window);
    throw error;
  }
}
