import { data } from "react-router";
import { revealGmailPassword } from "~/features/information/google-business/reveal-gmail-password.server";
import { revealCredentialSecret } from "~/features/credentials/reveal-credential-secret.server";
import { AppError } from "~/lib/http/app-error";
import { formAction } from "~/lib/http/actions.server";
import { revealSecretSchema } from "~/lib/secrets/secrets";
import type { Route } from "./+types/reveal-secret";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `POST /resources/secrets/reveal` (form fields, see `revealSecretSchema`): one stored secret in clear,
 * `{ value }`, for its owner or an admin, recorded in the audit log. Others get 404, anonymous visitors 401.
 * Never cached, a refusal neither.
 */
export async function action(args: Route.ActionArgs) {
  return formAction(
    args,
    {
      guard: ({ user, request }) => {
        if (request.method !== "POST") throw new AppError("method_not_allowed");
        if (!user) throw new AppError("not_signed_in");
      },
      schema: revealSecretSchema,
      run: ({ services, user }, input) => {
        const deps = services;
        return input.kind === "credential"
          ? revealCredentialSecret(deps, user, { credentialId: input.id, field: input.field })
          : revealGmailPassword(deps, user, { userId: input.userId });
      },
      success: (_, revealed) => data({ value: revealed.value }, { headers: NO_STORE }),
    },
    { headers: NO_STORE },
  );
}
