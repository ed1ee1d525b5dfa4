import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { normalizeState } from "~/domain/us-states";
import { zodMessage } from "~/lib/i18n/translate";

/**
 * The rules both business-information forms share, written once: the browser and the
 * server validate with the same schemas, so every message below is the one the customer sees.
 */

export const MESSAGES = {
  invalidEmail: "Invalid email address",
  emailTooLong: "Email must be less than 255 characters",
  gmailPasswordRequired: "Gmail password is required",
  legalNameRequired: "Legal business name is required",
  legalNameTooLong: "Legal business name must be less than 200 characters",
  serviceTypeRequired: "Type of service is required",
  serviceTypeTooLong: "Type of service must be less than 100 characters",
  openingDateRequired: "Opening date is required",
  openingDateFuture: "Opening date cannot be in the future",
  phoneRequired: "Phone number is required",
  phoneFormat: "Invalid phone number format",
  addressRequired: "Street address is required",
  addressTooLong: "Street address must be less than 200 characters",
  aptSuiteTooLong: "Apt/Suite must be less than 50 characters",
  cityRequired: "City is required",
  cityTooLong: "City must be less than 100 characters",
  stateRequired: "State is required",
  stateTooShort: "State must be at least 2 characters",
  stateTooLong: "State must be less than 50 characters",
  zipRequired: "ZIP code is required",
  zipFormat: "Invalid ZIP code format. Use 5 digits (e.g., 12345 or 12345-6789)",
  serviceCityRequired: "At least one service city is required",
  serviceTypesRequired: "At least one service type is required",
  invalidUrl: "Must be a valid URL",
} as const;

/**
 * The same messages as Lingui descriptors (docs/decisions/026): the schemas read them in the active language
 * through `zodMessage`. MESSAGES keeps their English for server code and tests (a unit test keeps both in step).
 */
export const MESSAGE_DESCRIPTORS = {
  invalidEmail: msg`Invalid email address`,
  emailTooLong: msg`Email must be less than 255 characters`,
  gmailPasswordRequired: msg`Gmail password is required`,
  legalNameRequired: msg`Legal business name is required`,
  legalNameTooLong: msg`Legal business name must be less than 200 characters`,
  serviceTypeRequired: msg`Type of service is required`,
  serviceTypeTooLong: msg`Type of service must be less than 100 characters`,
  openingDateRequired: msg`Opening date is required`,
  openingDateFuture: msg`Opening date cannot be in the future`,
  phoneRequired: msg`Phone number is required`,
  phoneFormat: msg`Invalid phone number format`,
  addressRequired: msg`Street address is required`,
  addressTooLong: msg`Street address must be less than 200 characters`,
  aptSuiteTooLong: msg`Apt/Suite must be less than 50 characters`,
  cityRequired: msg`City is required`,
  cityTooLong: msg`City must be less than 100 characters`,
  stateRequired: msg`State is required`,
  stateTooShort: msg`State must be at least 2 characters`,
  stateTooLong: msg`State must be less than 50 characters`,
  zipRequired: msg`ZIP code is required`,
  zipFormat: msg`Invalid ZIP code format. Use 5 digits (e.g., 12345 or 12345-6789)`,
  serviceCityRequired: msg`At least one service city is required`,
  serviceTypesRequired: msg`At least one service type is required`,
  invalidUrl: msg`Must be a valid URL`,
} satisfies Record<keyof typeof MESSAGES, MessageDescriptor>;

const M = MESSAGE_DESCRIPTORS;

/** Digits, spaces, parentheses, hyphens and plus only. */
const PHONE_PATTERN = /^[\d\s()+-]+$/;
const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/** Whether a text is an absolute http(s) address. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/**
 * The service cities the Google form keeps: each trimmed, empties dropped, and (when `unique`) a city
 * already in the list (ignoring case) dropped, keeping the first spelling. The website form keeps duplicates.
 */
export function cleanTextList(values: readonly string[], { unique }: { unique: boolean }): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    if (!value) continue;
    const folded = value.toLocaleLowerCase("en-US");
    if (unique && seen.has(folded)) continue;
    seen.add(folded);
    out.push(value);
  }
  return out;
}

/**
 * The latest opening date accepted: today in the earliest time zone on Earth (UTC+14), so a customer's
 * "today" is never refused by a server in another zone. The date picker itself stops at the browser's today.
 */
export function latestOpeningDate(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Today's date in the browser's own time zone, as the date picker's `max`. */
export function localToday(now: Date = new Date()): string {
  const offset = now.getTimezoneOffset() * 60 * 1000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}

/** A trimmed text that must be present (`required`) and shorter than `max` characters. */
export const requiredText = (required: MessageDescriptor, max: number, tooLong: MessageDescriptor) =>
  z
    .string(zodMessage(required))
    .trim()
    .min(1, zodMessage(required))
    .max(max - 1, zodMessage(tooLong));

/** A trimmed text that may be empty (stored as null) and shorter than `max` characters. */
export const optionalText = (max: number, tooLong: MessageDescriptor) =>
  z
    .string()
    .trim()
    .max(max - 1, zodMessage(tooLong))
    .nullish()
    .transform((value) => value || null);

/** A link: empty, or a valid http(s) URL. */
export const optionalUrl = () =>
  z
    .string()
    .trim()
    .nullish()
    .refine((value) => !value || isWebUrl(value), zodMessage(M.invalidUrl))
    .transform((value) => value || null);

export const phoneNumber = () =>
  z
    .string(zodMessage(M.phoneRequired))
    .trim()
    .min(1, zodMessage(M.phoneRequired))
    .regex(PHONE_PATTERN, zodMessage(M.phoneFormat))
    .max(20, zodMessage(M.phoneFormat));

const zipCode = () =>
  z
    .string(zodMessage(M.zipRequired))
    .trim()
    .min(1, zodMessage(M.zipRequired))
    .regex(ZIP_PATTERN, zodMessage(M.zipFormat));

/** A list of texts (`name[0]`, `name[1]`, ... in the form), cleaned, with at least one left. */
export const textList = (required: MessageDescriptor, { unique }: { unique: boolean }) =>
  z
    .array(
      z.string().max(199, zodMessage(msg`Each entry must be less than 200 characters`)).optional(),
      zodMessage(required),
    )
    .optional()
    .transform((values) =>
      cleanTextList(
        (values ?? []).filter((value) => value !== undefined),
        { unique },
      ),
    )
    .refine((values) => values.length > 0, zodMessage(required));

/** A list of stored files the customer keeps (`keepPhotos[0]`...): the server checks each against its own record. */
export const keptFiles = () =>
  z
    .array(z.string().optional())
    .optional()
    .transform((values) => (values ?? []).filter((value): value is string => Boolean(value)));

/** The three social links, each optional and a web address. */
export const socialLinkFields = () => ({
  facebookLink: optionalUrl(),
  instagramLink: optionalUrl(),
  linkedinLink: optionalUrl(),
});

/**
 * The business's street address; `state` may add its own rule (the website form wants at least 2 letters). A state
 * given by its name or code is stored as its code (normalizeState).
 */
export const addressFields = (
  state: (field: ReturnType<typeof requiredText>) => z.ZodType<string> = (field) => field,
) => ({
  address: requiredText(MESSAGE_DESCRIPTORS.addressRequired, 200, MESSAGE_DESCRIPTORS.addressTooLong),
  aptSuite: optionalText(50, MESSAGE_DESCRIPTORS.aptSuiteTooLong),
  city: requiredText(MESSAGE_DESCRIPTORS.cityRequired, 100, MESSAGE_DESCRIPTORS.cityTooLong),
  state: state(requiredText(MESSAGE_DESCRIPTORS.stateRequired, 50, MESSAGE_DESCRIPTORS.stateTooLong)).transform(
    normalizeState,
  ),
  zip: zipCode(),
});
