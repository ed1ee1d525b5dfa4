import { eq } from "drizzle-orm";
import { profiles } from "~db/schema";
import { isTeam, requireActor } from "~/lib/auth/actor-guards";
import { countAttempt, type AttemptWindow } from "~/lib/auth/attempt-counter.server";
import type { Db } from "~/lib/db/db.server";
import { paymentSubtitleIn } from "~/domain/service-texts";
import { englishI18n } from "~/lib/i18n/translate";
import { paymentAmountCents } from "~/domain/service-catalog";
import type { Actor } from "~/lib/auth/session";
import type { Stripe } from "~/lib/stripe.server";
import {
  applyPromotionCode,
  invalidPromotionCode,
  type AppliedPromotion,
} from "~/features/promotions/apply-promotion-code.server";
import { withCodeTrial } from "~/features/promotions/promotion-code-trials.server";
import {
  attachReservationSession,
  dropReservation,
  reservePromotionUse,
} from "~/features/promotions/promotion-reservations.server";
import { refuseIfNotPayable } from "../payment-eligibility.server";
import { checkoutReturnPath } from "../payment-rules";
import { paymentTargetSchema, type PaymentTarget } from "../payments.schemas";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

/** What the checkout call's JSON carries; each value is checked here, never trusted. */
export interface CardCheckoutInput {
  serviceType: unknown;
  paymentNumber: unknown;
  returnPath?: unknown;
  /** The promotion code the dialog applied, if any. */
  promotionCode?: unknown;
}

/** Ten checkout sessions per customer in ten minutes: plenty for a person, a wall for a script. */
export const CHECKOUT_RATE_LIMIT: AttemptWindow = { windowMs: 10 * 60 * 1000, max: 10 };

export const checkoutRateLimitKey = (userId: string) => `checkout:${userId}`;

/**
 * How long a checkout session with a promotion code can be paid, and so how long it holds one of the code's uses.
 * Stripe takes 30 minutes to 24 hours (24 by default). A day would let one customer who walked away keep the last
 * use of a code from everybody else until tomorrow; an hour is ample to type a card and pass the bank's check, and
 * stays clear of Stripe's 30-minute floor whatever the drift between its clock and ours.
 */
const CHECKOUT_SESSION_LIFETIME_MS = 60 * 60 * 1000;

/**
 * A code checked again under its row's lock and one of its uses held for this customer until the session ends,
 * committed before the session is made, so two customers cannot both be sent to pay with the last use.
 */
async function reserveCode(db: Db, userId: string, target: PaymentTarget, code: string, now: Date, expiresAt: Date) {
  return db.transaction(async (tx) => {
    const promotion = await applyPromotionCode(tx, userId, target, code, { now });
    // The card provider charges no $0 session; the dialog completes such a payment itself. Refused as any unusable
    // code is, so the answer tells a guesser nothing about what the code would take off.
    if (promotion.amount === 0) throw invalidPromotionCode();
    const reservationId = await reservePromotionUse(tx, {
      promotionCodeId: promotion.promotionCodeId,
      userId,
      expiresAt,
      now,
    });
    return { promotion, reservationId };
  });
}

/**
 * Starts a Stripe Checkout Session for one catalog payment (customers only: the team pays nothing), priced from the
 * catalog less a promotion code's discount. With a code, one of its uses is reserved for the session's lifetime (its
 * id is in the session's metadata, the session's id on the reservation): the webhook turns it into the payment, or
 * `checkout.session.expired` gives it back. A refused code counts towards the limit every path that takes a code
 * shares. The payment is recorded only by the webhook. Every request of a signed-in customer counts towards the rate
 * limit, so neither Stripe nor the database can be driven in a loop.
 */
export async function createCardCheckout(
  deps: Pick<Deps, "db" | "stripe" | "siteUrl" | "now" | "rateLimit">,
  actor: Actor | null,
  input: CardCheckoutInput,
): Promise<{ url: string }> {
  const customer = requireActor(actor);
  if (isTeam(customer)) throw new AppError("forbidden");
  const userId = customer.id;
  if (!deps.stripe) throw new AppError("card_payments_not_configured");
  const attempt = await countAttempt(deps.db, checkoutRateLimitKey(userId), deps.rateLimit ?? CHECKOUT_RATE_LIMIT);
  if (!attempt.allowed) throw new AppError("card_checkout_rate_limited");

  const parsed = paymentTargetSchema.safeParse({ serviceType: input.serviceType, paymentNumber: input.paymentNumber });
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const target = parsed.data;
  await refuseIfNotPayable(deps.db, userId, target);
  const now = deps.now?.() ?? new Date();
  const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_LIFETIME_MS);
  let promotion: AppliedPromotion | null = null;
  let reservationId: string | null = null;
  if (input.promotionCode !== undefined && input.promotionCode !== null && input.promotionCode !== "") {
    const code = input.promotionCode;
    if (typeof code !== "string") throw new AppError("invalid_input");
    ({ promotion, reservationId } = await withCodeTrial(deps.db, userId, () =>
      reserveCode(deps.db, userId, target, code, now, expiresAt),
    ));
  }
  const [profile] = await deps.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, userId));
  const returnUrl = `${deps.siteUrl}${checkoutReturnPath(input.returnPath)}`;
  const metadata = {
    userId,
    serviceType: target.serviceType,
    paymentNumber: String(target.paymentNumber),
    ...(promotion ? { promotionCodeId: promotion.promotionCodeId } : {}),
  };
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: promotion
              ? Math.round(promotion.amount * 100)
              : paymentAmountCents(target.serviceType, target.paymentNumber),
            product_data: { name: paymentSubtitleIn(englishI18n(), target.serviceType, target.paymentNumber) },
          },
        },
      ],
      client_reference_id: userId,
      ...(profile?.email ? { customer_email: profile.email } : {}),
      metadata,
      payment_intent_data: { metadata },
      // Only a session holding a code's use ends early; without one, Stripe's default day is no one's loss.
      ...(reservationId ? { expires_at: Math.floor(expiresAt.getTime() / 1000) } : {}),
      success_url: `${returnUrl}?checkout=success`,
      cancel_url: `${returnUrl}?checkout=cancelled`,
    });
  } catch (error) {
    console.error("Stripe Checkout Session creation failed:", (error as Error).message);
    if (reservationId) await dropReservation(deps.db, reservationId);
    throw new AppError("card_checkout_failed");
  }
  if (reservationId) await attachReservationSession(deps.db, reservationId, session.id);
  if (!session.url) throw new AppError("card_checkout_failed");
  return { url: session.url };
}
