import { refuseCustomerChangeDuringMaintenance } from "~/features/settings/maintenance.server";
import { proofFormSchema } from "~/features/payments/payments.schemas";
import { submitZelleProof } from "~/features/payments/submit-zelle-proof.server";
import { requireActor } from "~/lib/auth/actor-guards";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { AppError } from "~/lib/http/app-error";
import { actionFailure } from "~/lib/http/error-answer.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/payment-proof";

/**
 * `POST /resources/payments/proof`, the payment dialog's Zelle form (multipart: serviceType, paymentNumber,
 * proof): answers `{ ok: true }` or a 4xx `{ ok: false, error }`. Its body limit (413 with the proof's
 * size message) is the server's, in server/body-limit.ts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, i18n } = requestContext(context);
  const { database, bus, storage } = services;
  try {
    const actor = requireActor(user);
    if (request.method !== "POST") throw new AppError("method_not_allowed");
    await refuseCustomerChangeDuringMaintenance(services, actor);
    const parsed = await parseForm(request, proofFormSchema);
    if (!parsed.ok) return formFailure(parsed);
    await submitZelleProof({ db: database.db, bus, storage }, actor, parsed.value);
    return { ok: true as const };
  } catch (error) {
    return actionFailure(error, i18n);
  }
}
