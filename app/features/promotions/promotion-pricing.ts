import type { ServiceType } from "~/domain/service-catalog";

/** A code's terms, as stored: a whole percent or a dollar amount off (the other is null). They never change. */
export interface PromotionTerms {
  kind: string;
  percentOff: number | null;
  amountOff: number | null;
}

/** What a code does to one list price, in dollars: the discount and what is left to pay. */
export interface PromotionPrice {
  listPrice: number;
  discount: number;
  amount: number;
}

const toCents = (dollars: number) => Math.round(dollars * 100);

/**
 * A code's discount on a list price, counted in cents so no float drift reaches a charge: a percent is rounded
 * to the nearest cent (half a cent up), a fixed amount is never more than the price. What is left is never below 0.
 */
export function promotionPrice(listPrice: number, terms: PromotionTerms): PromotionPrice {
  const listCents = toCents(listPrice);
  const discountCents =
    terms.kind === "percent"
      ? Math.round((listCents * Math.min(Math.max(terms.percentOff ?? 0, 0), 100)) / 100)
      : Math.min(Math.max(toCents(terms.amountOff ?? 0), 0), listCents);
  return { listPrice: listCents / 100, discount: discountCents / 100, amount: (listCents - discountCents) / 100 };
}

/** What is left to pay, in cents, as the card provider charges it (and as the webhook checks it). */
export function promotionAmountCents(listPrice: number, terms: PromotionTerms): number {
  return toCents(promotionPrice(listPrice, terms).amount);
}

/**
 * The agency serves customers across the United States, so a code's last day lasts until that day ends everywhere
 * the customers are: in the westernmost time zone of the fifty states, Hawaii's (UTC-10 all year, no daylight
 * saving time). A code whose last day is March 31 still works at 11:59 pm on March 31 in Honolulu, which is
 * 09:59 UTC on April 1.
 */
const LAST_DAY_UTC_OFFSET_HOURS = -10;

/** Today's date (YYYY-MM-DD) where the last day ends last: Hawaii. */
export function promotionToday(now: Date): string {
  return new Date(now.getTime() + LAST_DAY_UTC_OFFSET_HOURS * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Whether a code's last day (inclusive; null: none) has ended by `now`. */
export function isPastLastDay(expiresOn: string | null, now: Date): boolean {
  return expiresOn !== null && promotionToday(now) > expiresOn;
}

/** Why a code cannot be applied now; the customer is told the same for each ('Invalid or expired code'). */
export type PromotionRefusal = "unknown" | "deactivated" | "expired" | "other_service" | "used_up" | "already_used";

/** A stored code as the rules read it, with its uses counted now (payments naming it that were not rejected). */
export interface PromotionCodeState extends PromotionTerms {
  serviceTypes: readonly string[];
  expiresOn: string | null;
  maxUses: number | null;
  deactivatedAt: Date | null;
  uses: number;
  /** Whether this customer already has one of those uses. */
  usedByCustomer: boolean;
}

/** Why this code (null: none by that name) cannot pay for this service now, or null when it can. */
export function promotionRefusal(
  code: PromotionCodeState | null,
  serviceType: ServiceType,
  now: Date,
): PromotionRefusal | null {
  if (!code) return "unknown";
  if (code.deactivatedAt) return "deactivated";
  if (isPastLastDay(code.expiresOn, now)) return "expired";
  if (!code.serviceTypes.includes(serviceType)) return "other_service";
  if (code.usedByCustomer) return "already_used";
  if (code.maxUses !== null && code.uses >= code.maxUses) return "used_up";
  return null;
}

/** A code as the admin types it: letters, digits and dashes. */
export const PROMOTION_CODE_PATTERN = /^[A-Za-z0-9-]+$/;
export const PROMOTION_CODE_MAX_LENGTH = 40;

/** Whether a customer's text can name a code at all (anything else is an unknown code, without a query). */
export function isPromotionCodeShape(text: string): boolean {
  return text.length > 0 && text.length <= PROMOTION_CODE_MAX_LENGTH && PROMOTION_CODE_PATTERN.test(text);
}
