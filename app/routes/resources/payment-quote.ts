import { paymentQuoteSchema } from "~/features/payments/payments.schemas";
import { quotePayment } from "~/features/payments/quote-payment.server";
import { requireActor } from "~/lib/auth/actor-guards";
import { AppError } from "~/lib/http/app-error";
import { jsonFailure } from "~/lib/http/error-answer.server";
import { parseForm } from "~/lib/http/forms.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/payment-quote";

/**
 * `POST /resources/payments/quote`, the payment dialog's 'Apply' (a form: serviceType, paymentNumber, promotionCode):
 * what the payment costs with the code, priced on the server, as `{ ok: true, quote }`; a refusal is
 * `{ ok: false, error: { code, message } }` in the customer's language ('Invalid or expired code' for any code that
 * cannot be applied). Signed-in customers only; nothing is written, so it needs no maintenance check.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, i18n } = requestContext(context);
  try {
    const actor = requireActor(user);
    if (request.method !== "POST") throw new AppError("method_not_allowed");
    const parsed = await parseForm(request, paymentQuoteSchema);
    if (!parsed.ok) throw new AppError("invalid_input", { detail: parsed.error });
    const quote = await quotePayment({ db: services.database.db }, actor, parsed.value);
    return Response.json({ ok: true, quote });
  } catch (error) {
    const { status, body } = jsonFailure(error, i18n);
    return Response.json(body, { status });
  }
}
