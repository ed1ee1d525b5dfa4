import { msg } from "@lingui/core/macro";
import { translate } from "~/lib/i18n/translate";
import { REVEAL_SECRET_PATH, type CredentialSecretField } from "~/lib/secrets/secrets";

/**
 * Asks the server for one stored credential secret in clear (`POST /resources/secrets/reveal`, audited).
 * Throws with the server's message when refused.
 */
export async function revealCredentialField(credentialId: string, field: CredentialSecretField): Promise<string | null> {
  const response = await fetch(REVEAL_SECRET_PATH, {
    method: "POST",
    body: new URLSearchParams({ kind: "credential", id: credentialId, field }),
    credentials: "same-origin",
  });
  const answer = (await response.json().catch(() => null)) as { value?: string | null; error?: string } | null;
  if (!response.ok || !answer || answer.value === undefined) throw new Error(answer?.error || translate(msg`Could not show the value`));
  return answer.value;
}
