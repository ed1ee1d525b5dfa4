import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { SERVICE_TYPES, type ServiceType } from "~/domain/service-catalog";
import { optionalText } from "~/lib/http/form-fields";
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

/** A preview address: a whole http(s) URL, or nothing (checked by a refine, for the reason optionalText gives). */
const link = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? "")
  .refine((value) => value === "" || wholeUrl.safeParse(value).success, linkMessage)
  .transform((value) => value || null);

/**
 * The admin's 'Request approval' dialog; its files travel beside the fields as `files`. `purpose`: a draft, or (the
 * website only) the finished site for launch, whose approval ticks 'Review & Client Approval'.
 */
export const requestApprovalFormSchema = z
  .object({
    intent: z.literal(REQUEST_APPROVAL_INTENT),
    service,
    purpose: z.enum(["draft", "launch"]).default("draft"),
    title: z
      .string(zodMessage(msg`Please enter a title`))
      .trim()
      .min(1, zodMessage(msg`Please enter a title`))
      .max(ROUND_TITLE_MAX, atMost(ROUND_TITLE_MAX)),
    message: optionalText(ROUND_MESSAGE_MAX, atMost(ROUND_MESSAGE_MAX)),
    link,
  })
  .refine((form) => form.purpose === "draft" || form.service === "website", {
    path: ["purpose"],
    ...zodMessage(msg`Only the website is approved for launch`),
  });

/** The customer's answer to a round: approve it, or ask for changes, saying what to change. */
export const decideRoundFormSchema = z
  .object({
    intent: z.literal(DECIDE_ROUND_INTENT),
    roundId: z.uuid(),
    decision: z.enum(["approve", "request-changes"]),
    comment: optionalText(ROUND_COMMENT_MAX, atMost(ROUND_COMMENT_MAX)),
  })
  .refine((form) => form.decision === "approve" || form.comment.length > 0, {
    path: ["comment"],
    ...zodMessage(msg`Please tell us what to change`),
  });
