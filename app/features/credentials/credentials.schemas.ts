import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { translate, zodMessage } from "~/lib/i18n/translate";
import { CREDENTIAL_SECRET_FIELDS } from "~/lib/secrets/secrets";

/** The credential types (website_credentials.credential_type), one card each; the same list as db/app-schema.ts. */
export const CREDENTIAL_TYPES = ["domain", "hosting", "website"] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

export interface CredentialCardSpec {
  type: CredentialType;
  /** The card's title, also the prefix of its validation messages (English; `labelText` in the page's language). */
  label: string;
  labelText: MessageDescriptor;
  /** What the website_link field is called on this card (English; `websiteLabelText` in the page's language). */
  websiteLabel: string;
  websiteLabelText: MessageDescriptor;
  hasPin: boolean;
}

/**
 * The Credentials page's three cards and the type each is stored as (docs/decisions/016): Domain is `domain`
 * (where the website form's domain credentials land too), Hosting & Website is `hosting`, Google Business is
 * `website` (its website_link holds the Gmail address; no PIN).
 */
export const CREDENTIAL_CARDS: readonly CredentialCardSpec[] = [
  {
    type: "domain",
    label: "Domain",
    labelText: msg`Domain`,
    websiteLabel: "Website",
    websiteLabelText: msg`Website`,
    hasPin: true,
  },
  {
    type: "hosting",
    label: "Hosting & Website",
    labelText: msg`Hosting & Website`,
    websiteLabel: "Website",
    websiteLabelText: msg`Website`,
    hasPin: true,
  },
  {
    type: "website",
    label: "Google Business",
    labelText: msg`Google Business`,
    websiteLabel: "Gmail Email",
    websiteLabelText: msg`Gmail Email`,
    hasPin: false,
  },
];

function cardSpec(type: CredentialType): CredentialCardSpec {
  return CREDENTIAL_CARDS.find((card) => card.type === type)!;
}

/** The longest value each card field takes: title 200, username 200, password 500, PIN 50, details 1000. */
export const CREDENTIAL_LIMITS = { title: 200, username: 200, password: 500, pin: 50, details: 1000 } as const;

/** The cards' messages, read in the active language (the literal numbers are CREDENTIAL_LIMITS). */
const MESSAGE_DESCRIPTORS = {
  title: msg`Company Provider must be less than 200 characters`,
  websiteLink: msg`Must be a valid URL or email address`,
  username: msg`Username must be less than 200 characters`,
  password: msg`Password must be less than 500 characters`,
  pin: msg`PIN must be less than 50 characters`,
  details: msg`Details must be less than 1000 characters`,
  invalid: msg`Invalid input`,
} satisfies Record<string, MessageDescriptor>;
const M = MESSAGE_DESCRIPTORS;

/** The page's own texts as descriptors, for the browser's toasts and the action's answers in the request's language. */
export const CREDENTIALS_TEXTS = {
  saved: msg`Credentials saved successfully`,
  notSignedIn: msg`You must be logged in to save credentials`,
};

const URL_LIKE = /^(https?:\/\/)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]\S*)?$/i;
const EMAIL = z.email();

/** website_link: a URL (with or without its scheme), an e-mail address, or empty. */
export function isUrlOrEmail(value: string): boolean {
  if (value === "") return true;
  if (EMAIL.safeParse(value).success) return true;
  if (URL_LIKE.test(value)) return true;
  return z.url().safeParse(value).success && /^https?:/i.test(value);
}

const plain = (max: number, message: MessageDescriptor) => z.string().trim().max(max, zodMessage(message)).optional();
// Secrets are kept as typed (a password may start or end with a space).
const secret = (max: number, message: MessageDescriptor) => z.string().max(max, zodMessage(message)).optional();

/**
 * One card's fields. Empty secret fields keep what is stored; `clear` lists the stored secrets to remove.
 * The order is the form's order, so the first error reported is the first field's.
 */
export const credentialFieldsSchema = z.object({
  title: plain(CREDENTIAL_LIMITS.title, M.title),
  websiteLink: z.string().trim().refine(isUrlOrEmail, zodMessage(M.websiteLink)).optional(),
  username: plain(CREDENTIAL_LIMITS.username, M.username),
  pin: secret(CREDENTIAL_LIMITS.pin, M.pin),
  password: secret(CREDENTIAL_LIMITS.password, M.password),
  details: secret(CREDENTIAL_LIMITS.details, M.details),
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

/** The admin's Credenciales tab saves the three cards together: fields named `domain.title`, `hosting.pin`... */
export const adminCredentialsFormSchema = z.object({
  intent: z.literal(SAVE_CREDENTIALS_INTENT),
  domain: credentialFieldsSchema.optional(),
  hosting: credentialFieldsSchema.optional(),
  website: credentialFieldsSchema.optional(),
});

/**
 * A card's validation message as the toast shows it: the card's label, then the message. The label is read in
 * the active language, or by `read` (an action reads it in its request's language).
 */
export function cardErrorMessage(
  type: CredentialType,
  message: string | undefined,
  read: (descriptor: MessageDescriptor) => string = translate,
): string {
  return `${read(cardSpec(type).labelText)}: ${message || read(M.invalid)}`;
}

/** The card a field of either form belongs to: `domain.pin` in the admin form, the page's own card otherwise. */
export function cardOfField(name: string, fallback?: CredentialType): CredentialType | undefined {
  const prefix = name.split(".")[0];
  return (CREDENTIAL_TYPES as readonly string[]).includes(prefix ?? "") ? (prefix as CredentialType) : fallback;
}
