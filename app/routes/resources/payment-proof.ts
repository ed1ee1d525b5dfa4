import { proofFormSchema, proofResubmitSchema } from "~/features/payments/payments.schemas";
import { resubmitZelleProof } from "~/features/payments/zelle/resubmit-zelle-proof.server";
import { submitZelleProof } from "~/features/payments/zelle/submit-zelle-proof.server";
import { requireActor } from "~/lib/auth/actor-guards";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { AppError } from "~/lib/http/app-error";
import { actionFailure } from "~/lib/http/error-answer.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/payment-proof";

/**
 * `POST /resources/payments/proof`, the payment dialog's Zelle form (multipart: serviceType, paymentNumber,
 * proof), or a new proof for the customer's own rejected Zelle transfer (paymentId, proof): answers `{ ok: true }` or a 4xx `{ ok: false, error }`. Its body limit (413 with the proof's
 * size message) is the server's, in server/body-limit.ts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, i18n } = requestContext(context);
  const { database, bus, storage } = services;
  try {
    const actor = requireActor(user);
    if (request.method !== "POST") throw new AppError("method_not_allowed");
    const form = await request.formData().catch(() => {
      throw new AppError("invalid_request");
    });
    // A paymentId names the customer's rejected transfer that gets a new proof; without one, a new payment.
    if (form.has("paymentId")) {
      const parsed = await parseForm(form, proofResubmitSchema);
      if (!parsed.ok) return formFailure(parsed);
      await resubmitZelleProof({ db: database.db, bus, storage }, actor, parsed.value);
      return { ok: true as const };
    }
    const parsed = await parseForm(form, proofFormSchema);
    if (!parsed.ok) return formFailure(parsed);
    await submitZelleProof({ db: database.db, bus, storage }, actor, parsed.value);
    return { ok: true as const };
  } catch (error) {
    return actionFailure(error, i18n);
  }
}
