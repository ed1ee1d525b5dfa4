import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { actionFailure } from "~/lib/http/error-answer.server";
import type { Services } from "~/lib/services.server";
import type { Actor } from "~/lib/auth/session";
import { refundFormSchema } from "./payment-refunds";
import { refundPayment } from "./refund-payment.server";

/**
 * The `intent=refund-payment` branch of the customer page's action (paymentId, amount, reason), as the payment card's
 * Refund dialog posts it: 'Refund recorded' (Zelle) or 'Refund requested' (card, until Stripe confirms it), or the
 * refusal's message and status (401/403/404/409/400/502). Only a payment of the customer whose page it is.
 */
export async function refundPaymentAction(
  services: Pick<Services, "database" | "bus" | "stripe">,
  actor: Actor | null,
  { userId, form }: { userId: string; form: FormData },
  i18n: I18n,
) {
  const parsed = await parseForm(form, refundFormSchema);
  if (!parsed.ok) return formFailure(parsed);
  const { paymentId, amount, reason } = parsed.value;
  let outcome;
  try {
    outcome = await refundPayment({ db: services.database.db, bus: services.bus, stripe: services.stripe }, actor, {
      userId,
      paymentId,
      amount,
      reason,
    });
  } catch (error) {
    return actionFailure(error, i18n);
  }
  return outcome.status === "completed"
    ? ({
        ok: true,
        title: i18n._(msg`Refund recorded`),
        message: i18n._(msg`The customer has been notified.`),
      } satisfies ActionResult)
    : ({
        ok: true,
        title: i18n._(msg`Refund requested`),
        message: i18n._(msg`Stripe is processing it; it shows as completed once Stripe confirms it.`),
      } satisfies ActionResult);
}
