import {
  handleCardEvent,
  verifyCardWebhook,
  type CardWebhookInput,
  type WebhookOutcome,
} from "~/features/payments/card/handle-card-webhook.server";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";
import { handlePlanEvent, isPlanEvent, type PlanEventOutcome } from "./handle-plan-event.server";

/**
 * The card provider's webhook (`POST /api/stripe/webhook`); the provider acts here, not a signed-in user (`actor` is
 * always null). Verified once on the raw body, then handed to the care plans (their subscriptions and invoices) or
 * to the one-off payments (their checkouts and refunds).
 */
export async function receiveCardWebhook(
  deps: Pick<Deps, "db" | "bus" | "stripe" | "webhookSecret" | "now">,
  _actor: Actor | null,
  input: CardWebhookInput,
): Promise<WebhookOutcome | PlanEventOutcome> {
  const event = verifyCardWebhook(deps, input);
  return isPlanEvent(event) ? handlePlanEvent(deps, event) : handleCardEvent(deps, event);
}
