import { and, eq } from "drizzle-orm";
import { payments } from "~db/schema";
import type { Executor } from "~/lib/db.server";
import { badRequest, HttpError } from "~/lib/errors";
import { paymentSubtitle } from "~/lib/service-catalog";
import { paymentRefusal } from "./payment-rules";
import type { PaymentTarget } from "./payments.schemas";

export const conflict = (message: string) => new HttpError(409, message);

/** Refuses a payment the rules do not allow now (paymentRefusal): 400 for an out-of-order one, else 409. */
export async function refuseIfNotPayable(db: Executor, userId: string, target: PaymentTarget): Promise<void> {
  const existing = await db
    .select({ serviceType: payments.serviceType, paymentNumber: payments.paymentNumber, status: payments.status })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.serviceType, target.serviceType)));
  const refusal = paymentRefusal(existing, target.serviceType, target.paymentNumber);
  if (refusal)
    throw target.paymentNumber > 1 && refusal.includes("must be completed") ? badRequest(refusal) : conflict(refusal);
}

/** The answer when the database's one-live-payment index refused a row that raced past the check above. */
export function alreadyPending(target: PaymentTarget): HttpError {
  return conflict(`A payment for ${paymentSubtitle(target.serviceType, target.paymentNumber)} is already pending review`);
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
