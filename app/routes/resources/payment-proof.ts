import { MAX_PROOF_BYTES, PROOF_MESSAGES } from "~/features/payments/payment-rules";
import { proofFormSchema } from "~/features/payments/payments.schemas";
import { submitZelleProof } from "~/features/payments/submit-zelle-proof.server";
import { requireActor } from "~/lib/actor-guards";
import { HttpError } from "~/lib/errors";
import { formFailure, parseForm } from "~/lib/forms.server";
import { errorResponse, services, sessionUser } from "~/lib/route-guards.server";
import type { Route } from "./+types/payment-proof";

/** Room for the form's other fields and the multipart framing around a proof of the largest size. */
const MAX_BODY_BYTES = MAX_PROOF_BYTES + 64 * 1024;

/**
 * `POST /resources/payments/proof`, the payment dialog's Zelle form (multipart: serviceType, paymentNumber,
 * proof): answers `{ ok: true }` or a 4xx `{ ok: false, error }`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, bus, storage } = services(context);
  try {
    const actor = requireActor(sessionUser(context));
    if (request.method !== "POST") throw new HttpError(405, "Method not allowed");
    const length = Number(request.headers.get("content-length") ?? "0");
    if (length > MAX_BODY_BYTES) throw new HttpError(413, PROOF_MESSAGES.tooLarge);
    const parsed = await parseForm(request, proofFormSchema);
    if (!parsed.ok) return formFailure(parsed);
    await submitZelleProof({ db: database.db, bus, storage }, actor, parsed.value);
    return { ok: true as const };
  } catch (error) {
    return errorResponse(error);
  }
}
