import { data } from "react-router";
import { revealGmailPassword } from "~/features/information/google-business/reveal-gmail-password.server";
import { revealCredentialSecret } from "~/features/credentials/reveal-credential-secret.server";
import { parseForm } from "~/lib/http/forms.server";
import { describeError } from "~/lib/http/error-answer.server";
import { requestContext } from "~/lib/http/request-context.server";
import { revealSecretSchema, type RevealedSecret } from "~/lib/secrets/secrets";
import { AppError } from "~/lib/http/app-error";
import type { Route } from "./+types/reveal-secret";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `POST /resources/secrets/reveal` (form fields, see `revealSecretSchema`): one stored secret in clear,
 * `{ value }`, for its owner or an admin, recorded in the audit log. Others get 404, anonymous visitors 401.
 * Never cached.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, user: actor, i18n } = requestContext(context);
  const deps = { db: services.database.db, secrets: services.secrets };
  try {
    if (request.method !== "POST") throw new AppError("method_not_allowed");
    if (!actor) throw new AppError("not_signed_in");
    const parsed = await parseForm(request, revealSecretSchema);
    if (!parsed.ok) throw new AppError("invalid_request", { detail: parsed.error });
    const input = parsed.value;
    const revealed: RevealedSecret =
      input.kind === "credential"
        ? await revealCredentialSecret(deps, actor, { credentialId: input.id, field: input.field })
        : await revealGmailPassword(deps, actor, { userId: input.userId });
    return data({ value: revealed.value }, { headers: NO_STORE });
  } catch (error) {
    const refusal = describeError(error, i18n);
    if (!refusal) throw error;
    return data({ ok: false as const, error: refusal.message }, { status: refusal.status, headers: NO_STORE });
  }
}
