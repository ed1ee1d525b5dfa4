import { createCardCheckout } from "~/features/payments/card/create-card-checkout.server";
import { AppError } from "~/lib/http/app-error";
import { jsonEndpoint } from "~/lib/http/actions.server";
import type { Route } from "./+types/card-checkout";

/** The body as an object, or null when it is not JSON (an empty body counts as no fields). */
async function jsonBody(request: Request): Promise<Record<string, unknown> | null> {
  const text = await request.text();
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return null;
  }
}

/**
 * The card-checkout call: `POST /api/create-payment-checkout` with `{ serviceType, paymentNumber, returnPath, promotionCode? }`
 * answers `{ ok: true, url }`; the browser then goes to the card provider's page. JSON because the answer is a
 * redirect target; every other change goes through a page action. Refusals are the payment dialog's toast, in
 * the customer's language: `{ ok: false, error: { code, message } }`.
 */
export async function action(args: Route.ActionArgs) {
  return jsonEndpoint(args, {
    guard: ({ request }) => {
      if (request.method !== "POST") throw new AppError("method_not_allowed");
    },
    run: async ({ services, user, request }) => {
      // JSON only: a cross-site form cannot send it without the browser asking first.
      const isJson = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() === "application/json";
      if (user && !isJson) throw new AppError("json_required");
      const body = await jsonBody(request);
      if (user && !body) throw new AppError("invalid_body");
      const { url } = await createCardCheckout(services, user, {
        serviceType: body?.serviceType,
        paymentNumber: body?.paymentNumber,
        returnPath: body?.returnPath,
        promotionCode: body?.promotionCode,
      });
      return Response.json({ ok: true, url });
    },
  });
}
