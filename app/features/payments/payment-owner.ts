import { AppError } from "~/lib/http/app-error";

/**
 * The customer a payment belongs to. A payment whose customer deleted their account is kept for the books without
 * them (user id null): nothing can be decided, refunded or announced on it any more, so it answers as not found.
 */
export function customerIdOf(payment: { userId: string | null }): string {
  if (payment.userId === null) throw new AppError("payment_not_found");
  return payment.userId;
}
