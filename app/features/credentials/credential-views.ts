import type { CredentialSecretsView } from "./credential-secrets";
import type { CredentialType } from "./credentials.schemas";

/** One credential card as loaders send it: plain fields, and the secrets masked (set or not, never the value). */
export interface CredentialCardView {
  type: CredentialType;
  /** The stored row's id (what a reveal names); null while nothing is saved for this type. */
  id: string | null;
  title: string;
  websiteLink: string;
  /** The Google Business card's Gmail address is the Google Business form's (the card has none of its own). */
  websiteLinkFromForm: boolean;
  username: string;
  secrets: CredentialSecretsView;
  /** Changes whenever the row does, so a revealed value is dropped when the stored one may have changed. */
  version: string;
}

export interface CredentialsView {
  cards: CredentialCardView[];
  /** Whether the customer has acknowledged the page's security warning. */
  warningAcknowledged: boolean;
}
