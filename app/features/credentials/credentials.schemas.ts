import { z } from "zod";
import { CREDENTIAL_SECRET_FIELDS, type CredentialSecretField } from "~/lib/secrets";

/** The spec's credential types (website_credentials.credential_type); the same list as db/app-schema.ts. */
export const CREDENTIAL_TYPES = ["domain", "hosting", "website"] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

export interface CredentialCardSpec {
  type: CredentialType;
  /** The card's title, also the prefix of its validation messages. */
  label: string;
  /** What the website_link field is called on this card. */
  websiteLabel: string;
  hasPin: boolean;
}

/**
 * The Credentials page's three cards and the type each is stored as (docs/decisions/016): Domain is `domain`
 * (where the website form's domain credentials land too), Hosting & Website is `hosting`, Google Business is
 * `website` (its website_link holds the Gmail address; no PIN).
 */
export const CREDENTIAL_CARDS: readonly CredentialCardSpec[] = [
  { type: "domain", label: "Domain", websiteLabel: "Website", hasPin: true },
  { type: "hosting", label: "Hosting & Website", websiteLabel: "Website", hasPin: true },
  { type: "website", label: "Google Business", websiteLabel: "Gmail Email", hasPin: false },
];

export function cardSpec(type: CredentialType): CredentialCardSpec {
  return CREDENTIAL_CARDS.find((card) => card.type === type)!;
}

/** The spec's limits (section 9): title 200, username 200, password 500, PIN 50, details 1000. */
export const CREDENTIAL_LIMITS = { title: 200, username: 200, password: 500, pin: 50, details: 1000 } as const;

export const CREDENTIAL_MESSAGES = {
  title: `Company Provider must be less than ${CREDENTIAL_LIMITS.title} characters`,
  websiteLink: "Must be a valid URL or email address",
  username: `Username must be less than ${CREDENTIAL_LIMITS.username} characters`,
  password: `Password must be less than ${CREDENTIAL_LIMITS.password} characters`,
  pin: `PIN must be less than ${CREDENTIAL_LIMITS.pin} characters`,
  details: `Details must be less than ${CREDENTIAL_LIMITS.details} characters`,
  invalid: "Invalid input",
} as const;

export const CREDENTIALS_SAVED = "Credentials saved successfully";
export const CREDENTIALS_SAVE_FAILED = "Failed to save credentials";
export const CREDENTIALS_NOT_SIGNED_IN = "You must be logged in to save credentials";

const URL_LIKE = /^(https?:\/\/)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]\S*)?$/i;
const EMAIL = z.email();

/** website_link: a URL (with or without its scheme), an e-mail address, or empty. */
export function isUrlOrEmail(value: string): boolean {
  if (value === "") return true;
  if (EMAIL.safeParse(value).success) return true;
  if (URL_LIKE.test(value)) return true;
  return z.url().safeParse(value).success && /^https?:/i.test(value);
}

const plain = (max: number, message: string) => z.string().trim().max(max, message).optional();
// Secrets are kept as typed (a password may start or end with a space).
const secret = (max: number, message: string) => z.string().max(max, message).optional();

/**
 * One card's fields. Empty secret fields keep what is stored; `clear` lists the stored secrets to remove.
 * The order is the form's order, so the first error reported is the first field's.
 */
export const credentialFieldsSchema = z.object({
  title: plain(CREDENTIAL_LIMITS.title, CREDENTIAL_MESSAGES.title),
  websiteLink: z
    .string()
    .trim()
    .refine(isUrlOrEmail, CREDENTIAL_MESSAGES.websiteLink)
    .optional(),
  username: plain(CREDENTIAL_LIMITS.username, CREDENTIAL_MESSAGES.username),
  pin: secret(CREDENTIAL_LIMITS.pin, CREDENTIAL_MESSAGES.pin),
  password: secret(CREDENTIAL_LIMITS.password, CREDENTIAL_MESSAGES.password),
  details: secret(CREDENTIAL_LIMITS.details, CREDENTIAL_MESSAGES.details),
  clear: z.array(z.enum(CREDENTIAL_SECRET_FIELDS)).optional(),
});
export type CredentialFields = z.infer<typeof credentialFieldsSchema>;

export const SAVE_CARD_INTENT = "save-card";
export const ACKNOWLEDGE_WARNING_INTENT = "acknowledge-warning";
export const SAVE_CREDENTIALS_INTENT = "save-credentials";

/** The customer's page saves one card at a time. */
export const credentialCardFormSchema = credentialFieldsSchema.extend({
  intent: z.literal(SAVE_CARD_INTENT),
  credentialType: z.enum(CREDENTIAL_TYPES),
});

export const acknowledgeWarningFormSchema = z.object({ intent: z.literal(ACKNOWLEDGE_WARNING_INTENT) });

/** The customer's page: either form. */
export const credentialsPageFormSchema = z.discriminatedUnion("intent", [credentialCardFormSchema, acknowledgeWarningFormSchema]);

/** The admin's Credenciales tab saves the three cards together: fields named `domain.title`, `hosting.pin`... */
export const adminCredentialsFormSchema = z.object({
  intent: z.literal(SAVE_CREDENTIALS_INTENT),
  domain: credentialFieldsSchema.optional(),
  hosting: credentialFieldsSchema.optional(),
  website: credentialFieldsSchema.optional(),
});

/** A card's validation message as the toast shows it: the card's label, then the message. */
export function cardErrorMessage(type: CredentialType, message: string | undefined): string {
  return `${cardSpec(type).label}: ${message || CREDENTIAL_MESSAGES.invalid}`;
}

/** The card a field of either form belongs to: `domain.pin` in the admin form, the page's own card otherwise. */
export function cardOfField(name: string, fallback?: CredentialType): CredentialType | undefined {
  const prefix = name.split(".")[0];
  return (CREDENTIAL_TYPES as readonly string[]).includes(prefix ?? "") ? (prefix as CredentialType) : fallback;
}

export type { CredentialSecretField };
