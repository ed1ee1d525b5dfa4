import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { SERVICE_TYPES, type ServiceType } from "~/domain/service-catalog";
import { zodMessage } from "~/lib/i18n/translate";

export const REQUEST_APPROVAL_INTENT = "request-approval";
export const DECIDE_ROUND_INTENT = "decide-round";

export const ROUND_TITLE_MAX = 120;
export const ROUND_MESSAGE_MAX = 2000;
export const ROUND_COMMENT_MAX = 2000;
const LINK_MAX = 2000;

const service = z.enum(SERVICE_TYPES as [ServiceType, ...ServiceType[]]);

// The same words as the other forms' length limits (one catalog entry).
const atMost = (max: number) => zodMessage(msg`Must be at most ${max} characters`);

const linkMessage = zodMessage(msg`Enter the whole link, starting with https://`);

const wholeUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain }).max(LINK_MAX);

/*
 * The optional fields check their value after the transform with a refine, not a piped string schema: the forms
 * are read with Conform's parseWithZod, which turns an empty string into "missing" in every string schema it
 * reaches, a piped one included, so an empty field would be refused as 'expected string, received undefined'.
 */

/** A preview address: a whole http(s) URL, or nothing. */
const link = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? "")
  .refine((value) => value === "" || wholeUrl.safeParse(value).success, linkMessage)
  .transform((value) => value || null);

/** An optional text, with Windows line ends made plain and trimmed: empty when not written. */
const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\r\n?/g, "\n").trim())
    .refine((value) => value.length <= max, atMost(max));

/** The admin's 'Request approval' dialog; its files travel beside the fields as `files`. */
export const requestApprovalFormSchema = z.object({
  intent: z.literal(REQUEST_APPROVAL_INTENT),
  service,
  title: z
    .string(zodMessage(msg`Please enter a title`))
    .trim()
    .min(1, zodMessage(msg`Please enter a title`))
    .max(ROUND_TITLE_MAX, atMost(ROUND_TITLE_MAX)),
  message: optionalText(ROUND_MESSAGE_MAX),
  link,
});

/** The customer's answer to a round: approve it, or ask for changes, saying what to change. */
export const decideRoundFormSchema = z
  .object({
    intent: z.literal(DECIDE_ROUND_INTENT),
    roundId: z.uuid(),
    decision: z.enum(["approve", "request-changes"]),
    comment: optionalText(ROUND_COMMENT_MAX),
  })
  .refine((form) => form.decision === "approve" || form.comment.length > 0, {
    path: ["comment"],
    ...zodMessage(msg`Please tell us what to change`),
  });
