import { stripeEvents } from "~db/schema";
import type { Executor } from "~/lib/db/db.server";
import type { Stripe } from "~/lib/stripe.server";

/**
 * Records a Stripe event as handled, with what handling it did, in the transaction of its effect: false when it was
 * already recorded (Stripe delivers at least once), and the caller then changes nothing.
 */
export async function recordStripeEvent(
  tx: Executor,
  event: Pick<Stripe.Event, "id" | "type">,
  outcome: string,
): Promise<boolean> {
  const inserted = await tx
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, outcome })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return inserted.length > 0;
}
