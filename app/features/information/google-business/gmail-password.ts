import { maskSecret, type MaskedSecret } from "~/lib/secrets/secrets";

/** The Google Business information's Gmail password as a loader sends it: set or not, never the value. */
export interface GmailPasswordView {
  gmailPassword: MaskedSecret;
}

export function maskGmailPassword(row: { gmailPassword: string | null }): GmailPasswordView {
  return { gmailPassword: maskSecret(row.gmailPassword) };
}
