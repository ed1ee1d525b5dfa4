import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { phoneDigits } from "~/features/auth/phone";
import { US_STATES } from "~/domain/us-states";
import { zodMessage } from "~/lib/i18n/translate";
import { CONTACT_PREFERENCES, LEAD_INDUSTRIES, LEAD_WANTS } from "./leads";

// The quote request's messages, listed once: the schema's, and those the landing page's script shows, which the page
// carries in its own language (the page loads no catalog: QUOTE_FORM_MESSAGES).
const MESSAGES = {
  name: msg`Please enter your name`,
  nameLength: msg`Your name must be at most 200 characters`,
  businessName: msg`The business name must be at most 200 characters`,
  phone: msg`Please enter a 10-digit US phone number`,
  email: msg`Please enter a valid email address`,
  reachable: msg`Please enter a phone number or an e-mail address, so we can answer you`,
  city: msg`The city must be at most 100 characters`,
  message: msg`Your message must be at most 2000 characters`,
  consent: msg`Please agree to be contacted about your request`,
  choice: msg`Please choose one of the options`,
  failed: msg`Your request could not be sent. Please try again, or call us.`,
} satisfies Record<string, MessageDescriptor>;

/** Every message the quote form can show, which the page hands its script in the page's language. */
export const QUOTE_FORM_MESSAGES: readonly MessageDescriptor[] = Object.values(MESSAGES);
/** What the page's script says when the request could not be sent at all (no network). */
export const QUOTE_SEND_FAILED = MESSAGES.failed;

export const QUOTE_NAME_MAX_LENGTH = 200;
export const QUOTE_CITY_MAX_LENGTH = 100;
export const QUOTE_MESSAGE_MAX_LENGTH = 2000;

/**
 * The honeypot: a field hidden from people (off screen, out of the tab order, hidden from screen readers) that robots
 * filling every input fill; a form that has it filled leaves no lead.
 */
export const QUOTE_HONEYPOT_FIELD = "website";

/** The form's field names, in the form's order; the honeypot is not one of them. */
export const QUOTE_FIELDS = [
  "name",
  "businessName",
  "phone",
  "email",
  "industry",
  "wants",
  "city",
  "state",
  "message",
  "contactPreference",
  "consent",
] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];

/** The form as posted: each field's text ("" when empty or absent), the box "on" when ticked. */
export type QuoteFormValues = Record<QuoteField, string>;

/**
 * The posted form's fields as plain text, the same in the browser (the page's script, before it sends) and on the
 * server, so both run the schema on the very same input.
 */
export function quoteFormValues(form: FormData): QuoteFormValues {
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(QUOTE_FIELDS.map((name) => [name, read(name)])) as QuoteFormValues;
}

const text = (max: number, message: MessageDescriptor) =>
  z
    .string()
    .trim()
    .max(max, zodMessage(message))
    .transform((value) => value || null);

/** A choice from a list; left empty, `fallback`. */
const choice = <const T extends readonly [string, ...string[]]>(options: T) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.enum(options, zodMessage(MESSAGES.choice)).optional());

const STATE_CODES = US_STATES.map(([code]) => code) as unknown as readonly [string, ...string[]];

/**
 * The quote request, checked in the browser by the landing page's script and on the server by the endpoint. A name,
 * a way to answer (a phone or an e-mail, or both) and the consent are required; the trade and what they want default
 * to 'other' and 'not sure yet', the way to be contacted to what they gave (an e-mail alone: e-mail, else a call).
 */
const quoteRequestSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, zodMessage(MESSAGES.name))
      .max(QUOTE_NAME_MAX_LENGTH, zodMessage(MESSAGES.nameLength)),
    businessName: text(QUOTE_NAME_MAX_LENGTH, MESSAGES.businessName),
    phone: z
      .string()
      .trim()
      .refine((value) => value === "" || phoneDigits(value).length === 10, zodMessage(MESSAGES.phone))
      .transform((value) => (value ? phoneDigits(value) : null)),
    email: z
      .string()
      .trim()
      .max(254, zodMessage(MESSAGES.email))
      .pipe(z.union([z.literal(""), z.email(zodMessage(MESSAGES.email))]))
      .transform((value) => (value ? value.toLowerCase() : null)),
    industry: choice(LEAD_INDUSTRIES).transform((value) => value ?? "other"),
    wants: choice(LEAD_WANTS).transform((value) => value ?? "not_sure"),
    city: text(QUOTE_CITY_MAX_LENGTH, MESSAGES.city),
    state: choice(STATE_CODES).transform((value) => value ?? null),
    message: text(QUOTE_MESSAGE_MAX_LENGTH, MESSAGES.message),
    contactPreference: choice(CONTACT_PREFERENCES),
    consent: z.string().refine((value) => value === "on", zodMessage(MESSAGES.consent)),
  })
  // Said on the phone field, the first of the two in the form, unless one of them has a problem of its own; checked
  // whatever the other fields say, so every problem shows at once.
  .refine((value) => Boolean(value.phone || value.email), {
    ...zodMessage(MESSAGES.reachable),
    path: ["phone"],
    when: ({ issues }) => issues.every((issue) => issue.path?.[0] !== "phone" && issue.path?.[0] !== "email"),
  })
  .transform(({ consent: _consent, contactPreference, ...value }) => ({
    ...value,
    contactPreference: contactPreference ?? (value.phone === null ? ("email" as const) : ("call" as const)),
  }));

export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/** Each field's first problem, or null when the form is a valid request. */
export function quoteFormErrors(
  values: QuoteFormValues,
): { ok: true; value: QuoteRequest } | { ok: false; errors: Partial<Record<QuoteField, string>> } {
  const parsed = quoteRequestSchema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Partial<Record<QuoteField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as QuoteField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
