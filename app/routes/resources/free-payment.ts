import { msg } from "@lingui/core/macro";
import { paymentQuoteSchema } from "~/features/payments/payments.schemas";
import { redeemFreePayment } from "~/features/payments/redeem-free-payment.server";
import { requireActor } from "~/lib/auth/actor-guards";
import { AppError } from "~/lib/http/app-error";
import { actionFailure } from "~/lib/http/error-answer.server";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/free-payment";

/**
 * `POST /resources/payments/free`, the payment dialog's 'Complete payment' when a promotion code takes the whole price
 * off (a form: serviceType, paymentNumber, promotionCode): the payment is completed without a charge. Answers
 * `{ ok: true }` with the toast's text, or a 4xx `{ ok: false, error }`; the page's data reloads after it. Signed-in
 * customers only.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, i18n } = requestContext(context);
  try {
    const actor = requireActor(user);
    if (request.method !== "POST") throw new AppError("method_not_allowed");
    const parsed = await parseForm(request, paymentQuoteSchema);
    if (!parsed.ok) return formFailure(parsed);
    await redeemFreePayment({ db: services.database.db, bus: services.bus }, actor, parsed.value);
    return {
      ok: true,
      title: i18n._(msg`Payment completed`),
      message: i18n._(msg`Your promotion code covered the whole price: nothing was charged.`),
    } satisfies ActionResult;
  } catch (error) {
    return actionFailure(error, i18n);
  }
}
