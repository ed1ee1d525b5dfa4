import { msg } from "@lingui/core/macro";
import { translate } from "~/lib/i18n/translate";
import { REVEAL_SECRET_PATH, type CredentialSecretField } from "~/lib/secrets/secrets";

/**
 * Asks the server for one stored credential secret in clear (`POST /resources/secrets/reveal`, audited).
 * Throws with the server's message when refused: the route's own (`error` a text), or a refusal made before the
 * route, such as Maintenance Mode's (`error: { code, message }`).
 */
export async function revealCredentialField(
  credentialId: string,
  field: CredentialSecretField,
): Promise<string | null> {
  const response = await fetch(REVEAL_SECRET_PATH, {
    method: "POST",
    headers: { accept: "application/json" },
    body: new URLSearchParams({ kind: "credential", id: credentialId, field }),
    credentials: "same-origin",
  });
  const answer = (await response.json().catch(() => null)) as {
    value?: string | null;
    error?: string | { message?: string };
  } | null;
  if (!response.ok || !answer || answer.value === undefined) {
    const message = typeof answer?.error === "string" ? answer.error : answer?.error?.message;
    throw new Error(message || translate(msg`Could not show the value`));
  }
  return answer.value;
}
