import { proofFormSchema } from "~/features/payments/payments.schemas";
import { submitZelleProof } from "~/features/payments/submit-zelle-proof.server";
import { requireActor } from "~/lib/actor-guards";
import { HttpError } from "~/lib/errors";
import { formFailure, parseForm } from "~/lib/forms.server";
import { errorResponse, services, sessionUser } from "~/lib/route-guards.server";
import type { Route } from "./+types/payment-proof";

/**
 * `POST /resources/payments/proof`, the payment dialog's Zelle form (multipart: serviceType, paymentNumber,
 * proof): answers `{ ok: true }` or a 4xx `{ ok: false, error }`. Its body limit (413 with the spec's
 * message) is the server's, in server/body-limit.ts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, bus, storage } = services(context);
  try {
    const actor = requireActor(sessionUser(context));
    if (request.method !== "POST") throw new HttpError(405, "Method not allowed");
    const parsed = await parseForm(request, proofFormSchema);
    if (!parsed.ok) return formFailure(parsed);
    await submitZelleProof({ db: database.db, bus, storage }, actor, parsed.value);
    return { ok: true as const };
  } catch (error) {
    return errorResponse(error);
  }
}
