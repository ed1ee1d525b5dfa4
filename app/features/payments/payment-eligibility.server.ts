import { and, eq } from "drizzle-orm";
import { payments } from "~db/schema";
import type { Executor } from "~/lib/db/db.server";
import type { I18n } from "@lingui/core";
import { AppError } from "~/lib/http/app-error";
import { paymentSubtitleIn } from "~/domain/service-texts";
import { paymentRefusal } from "./payment-rules";
import type { PaymentTarget } from "./payments.schemas";

/** Refuses a payment the rules do not allow now (paymentRefusal): 400 for an out-of-order one, else 409. */
export async function refuseIfNotPayable(db: Executor, userId: string, target: PaymentTarget): Promise<void> {
  const existing = await db
    .select({ serviceType: payments.serviceType, paymentNumber: payments.paymentNumber, status: payments.status })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.serviceType, target.serviceType)));
  const refusal = paymentRefusal(existing, target.serviceType, target.paymentNumber);
  if (refusal) throw refusal;
}

/** The answer when the database's one-live-payment index refused a row that raced past the check above. */
export function alreadyPending(target: PaymentTarget): AppError {
  const payment = (i18n: I18n) => paymentSubtitleIn(i18n, target.serviceType, target.paymentNumber);
  return new AppError("payment_pending_review", { values: { payment } });
}

/** The PostgreSQL error behind a failed query (Drizzle wraps it as the cause). */
function pgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  while (current && typeof current === "object") {
    const candidate = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: candidate.constraint };
    }
    current = candidate.cause;
  }
  return undefined;
}

export function isLivePaymentConflict(error: unknown): boolean {
  const found = pgError(error);
  return found?.code === "23505" && found.constraint === "payments_live_unique_idx";
}

/** The database's one-use-per-customer index refused a payment naming a promotion code the customer already used. */
export function isPromotionUseConflict(error: unknown): boolean {
  const found = pgError(error);
  return found?.code === "23505" && found.constraint === "payments_promotion_once_idx";
}
