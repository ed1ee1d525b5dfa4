import { data } from "react-router";
import { revealGmailPassword } from "~/features/business-info/reveal-gmail-password.server";
import { revealCredentialSecret } from "~/features/credentials/reveal-credential-secret.server";
import { HttpError, notSignedIn } from "~/lib/errors";
import { parseForm } from "~/lib/forms.server";
import { services, sessionUser } from "~/lib/route-guards.server";
import { revealSecretSchema, type RevealedSecret } from "~/lib/secrets";
import type { Route } from "./+types/reveal-secret";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `POST /resources/secrets/reveal` (form fields, see `revealSecretSchema`): one stored secret in clear,
 * `{ value }`, for its owner or an admin, recorded in the audit log. Others get 404, anonymous visitors 401.
 * Never cached.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, secrets } = services(context);
  const deps = { db: database.db, secrets };
  try {
    if (request.method !== "POST") throw new HttpError(405, "Method not allowed");
    const actor = sessionUser(context);
    if (!actor) throw notSignedIn();
    const parsed = await parseForm(request, revealSecretSchema);
    if (!parsed.ok) throw new HttpError(400, parsed.error);
    const input = parsed.value;
    const revealed: RevealedSecret =
      input.kind === "credential"
        ? await revealCredentialSecret(deps, actor, { credentialId: input.id, field: input.field })
        : await revealGmailPassword(deps, actor, { userId: input.userId });
    return data({ value: revealed.value }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof HttpError) {
      return data({ ok: false as const, error: error.message }, { status: error.status, headers: NO_STORE });
    }
    throw error;
  }
}
