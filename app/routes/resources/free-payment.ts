import { msg } from "@lingui/core/macro";
import { paymentQuoteSchema } from "~/features/payments/payments.schemas";
import { redeemFreePayment } from "~/features/payments/redeem-free-payment.server";
import { requireActor } from "~/lib/auth/actor-guards";
import { AppError } from "~/lib/http/app-error";
import { formAction } from "~/lib/http/actions.server";
import type { Route } from "./+types/free-payment";

/**
 * `POST /resources/payments/free`, the payment dialog's 'Complete payment' when a promotion code takes the whole price
 * off (a form: serviceType, paymentNumber, promotionCode): the payment is completed without a charge. Answers
 * `{ ok: true }` with the toast's text, or a 4xx `{ ok: false, error }`; the page's data reloads after it. Signed-in
 * customers only.
 */
export async function action(args: Route.ActionArgs) {
  return formAction(args, {
    guard: ({ user, request }) => {
      requireActor(user);
      if (request.method !== "POST") throw new AppError("method_not_allowed");
    },
    schema: paymentQuoteSchema,
    run: ({ services, user }, value) => redeemFreePayment(services, user, value),
    success: ({ i18n }) => ({
      ok: true,
      title: i18n._(msg`Payment completed`),
      message: i18n._(msg`Your promotion code covered the whole price: nothing was charged.`),
    }),
  });
}
