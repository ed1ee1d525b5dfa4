import { MAX_PROOF_BYTES, PROOF_MESSAGES } from "~/features/payments/payment-rules";
import { submitProof } from "~/features/payments/payments.server";
import { badRequest, HttpError, notSignedIn } from "~/lib/errors";
import { errorResponse, services, sessionUser } from "~/lib/route-guards.server";
import type { Route } from "./+types/payment-proof";

/** Room for the form's other fields and the multipart framing around a proof of the largest size. */
const MAX_BODY_BYTES = MAX_PROOF_BYTES + 64 * 1024;

/**
 * `POST /resources/payments/proof` (multipart: serviceType, paymentNumber, proof): answers `{ ok: true }`
 * or a 4xx `{ ok: false, error }`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, bus, storage } = services(context);
  try {
    const actor = sessionUser(context);
    if (!actor) throw notSignedIn();
    if (request.method !== "POST") throw new HttpError(405, "Method not allowed");
    const length = Number(request.headers.get("content-length") ?? "0");
    if (length > MAX_BODY_BYTES) throw new HttpError(413, PROOF_MESSAGES.tooLarge);
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw badRequest(PROOF_MESSAGES.missing);
    }
    await submitProof({ db: database.db, bus, storage }, actor, {
      serviceType: form.get("serviceType"),
      paymentNumber: form.get("paymentNumber"),
      proof: form.get("proof"),
    });
    return { ok: true as const };
  } catch (error) {
    return errorResponse(error);
  }
}
