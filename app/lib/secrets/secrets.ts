import { z } from "zod";

/**
 * What the browser may know about a stored secret: whether one is set, never its value. Loaders send this
 * shape; the value travels only in the answer to a reveal (`POST /resources/secrets/reveal`), which is
 * authorized and audited on its own.
 */
export interface MaskedSecret {
  isSet: boolean;
}

/** The masked view of a stored (encrypted) value; works on the column as read, without decrypting it. */
export function maskSecret(stored: string | null | undefined): MaskedSecret {
  return { isSet: stored !== null && stored !== undefined && stored !== "" };
}

export const REVEAL_SECRET_PATH = "/resources/secrets/reveal";

/** The secret fields of a credential (website_credentials). */
export const CREDENTIAL_SECRET_FIELDS = ["password", "pin", "details"] as const;
export type CredentialSecretField = (typeof CREDENTIAL_SECRET_FIELDS)[number];

/**
 * A reveal request, as form fields: `kind=credential&id=<credential id>&field=password|pin|details`, or
 * `kind=gmail-password&userId=<owner of the Google Business information>`.
 */
export const revealSecretSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("credential"),
    id: z.uuid(),
    field: z.enum(CREDENTIAL_SECRET_FIELDS),
  }),
  z.object({
    kind: z.literal("gmail-password"),
    userId: z.uuid(),
  }),
]);

/** The reveal's answer: the value, or null when none is stored. Sent with `Cache-Control: no-store`. */
export interface RevealedSecret {
  value: string | null;
}
