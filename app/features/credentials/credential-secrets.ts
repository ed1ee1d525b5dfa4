import { maskSecret, type CredentialSecretField, type MaskedSecret } from "~/lib/secrets/secrets";

/** A credential's secret fields as a loader sends them: set or not, never the value. */
export type CredentialSecretsView = Record<CredentialSecretField, MaskedSecret>;

export function maskCredentialSecrets(row: Record<CredentialSecretField, string | null>): CredentialSecretsView {
  return { password: maskSecret(row.password), pin: maskSecret(row.pin), details: maskSecret(row.details) };
}
