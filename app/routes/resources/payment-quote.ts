import { paymentQuoteSchema } from "~/features/payments/payments.schemas";
import { quotePayment } from "~/features/payments/quote-payment.server";
import { requireActor } from "~/lib/auth/actor-guards";
import { AppError } from "~/lib/http/app-error";
import { jsonEndpoint } from "~/lib/http/actions.server";
import type { Route } from "./+types/payment-quote";

/**
 * `POST /resources/payments/quote`, the payment dialog's 'Apply' (a form: serviceType, paymentNumber, promotionCode):
 * what the payment costs with the code, priced on the server, as `{ ok: true, quote }`; a refusal is
 * `{ ok: false, error: { code, message } }` in the customer's language ('Invalid or expired code' for any code that
 * cannot be applied). Signed-in customers only; nothing is written, so it needs no maintenance check.
 */
export async function action(args: Route.ActionArgs) {
  return jsonEndpoint(args, {
    guard: ({ user, request }) => {
      requireActor(user);
      if (request.method !== "POST") throw new AppError("method_not_allowed");
    },
    schema: paymentQuoteSchema,
    run: async ({ services, user }, value) =>
      Response.json({ ok: true, quote: await quotePayment(services, user, value) }),
  });
}
