import { proofFormSchema, proofResubmitSchema } from "~/features/payments/payments.schemas";
import { resubmitZelleProof } from "~/features/payments/zelle/resubmit-zelle-proof.server";
import { submitZelleProof } from "~/features/payments/zelle/submit-zelle-proof.server";
import { requireActor } from "~/lib/auth/actor-guards";
import { AppError } from "~/lib/http/app-error";
import { formAction } from "~/lib/http/actions.server";
import type { Route } from "./+types/payment-proof";

/**
 * `POST /resources/payments/proof`, the payment dialog's Zelle form (multipart: serviceType, paymentNumber,
 * proof), or a new proof for the customer's own rejected Zelle transfer (paymentId, proof): answers `{ ok: true }` or a 4xx `{ ok: false, error }`. Its body limit (413 with the proof's
 * size message) is the server's, in server/body-limit.ts.
 */
export async function action(args: Route.ActionArgs) {
  return formAction(args, {
    guard: ({ user, request }) => {
      requireActor(user);
      if (request.method !== "POST") throw new AppError("method_not_allowed");
    },
    // A paymentId names the customer's rejected transfer that gets a new proof; without one, a new payment.
    schema: ({ form }) => (form.has("paymentId") ? proofResubmitSchema : proofFormSchema),
    run: async ({ services, user }, value) => {
      if ("paymentId" in value) await resubmitZelleProof(services, user, value);
      else await submitZelleProof(services, user, value);
    },
  });
}
