import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { SERVICE_TYPES, type ServiceType } from "~/domain/service-catalog";
import { zodMessage } from "~/lib/i18n/translate";
import { PROMOTION_CODE_MAX_LENGTH, PROMOTION_CODE_PATTERN, promotionToday } from "./promotion-pricing";

// The Promotions tab's forms (the settings page's action, by intent) and the code a customer applies to a payment;
// the browser checks them with these schemas and the server parses them again.

export const CREATE_PROMOTION_CODE_INTENT = "create-promotion-code";
export const DEACTIVATE_PROMOTION_CODE_INTENT = "deactivate-promotion-code";

/** The Promotions tab's forms, as the settings page's action takes them (the matrix tries each). */
export const PROMOTION_INTENTS = [CREATE_PROMOTION_CODE_INTENT, DEACTIVATE_PROMOTION_CODE_INTENT] as const;

const PROMOTION_KIND_CHOICES = ["percent", "amount"] as const;
export type PromotionKind = (typeof PROMOTION_KIND_CHOICES)[number];

/** Far above any price in the catalog: a larger amount off is a typing slip, not a promotion. */
export const AMOUNT_OFF_MAX = 100_000;
/** Far above any campaign's reach; a larger number is a typing slip. */
export const MAX_USES_LIMIT = 1_000_000;

const serviceType = z.enum(
  SERVICE_TYPES as [ServiceType, ...ServiceType[]],
  zodMessage(msg`Choose at least one service`),
);
const percentMessage = zodMessage(msg`Percent off must be a whole number from 1 to 100`);
const amountMessage = zodMessage(msg`Amount off must be more than $0, in dollars and cents`);
const maxUsesMessage = zodMessage(msg`Maximum uses must be a whole number of at least 1`);
const dateMessage = zodMessage(msg`Please enter a valid date`);

/** Whole cents: `12.5` and `12.50` are, `12.505` is not. */
const inCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/**
 * The value the chosen kind needs (the percent, or the amount) must be there. Checked even while other fields have
 * errors, so the form shows every missing field at once; not when the kind or the value itself is already refused.
 */
function valueOfKind(
  kind: PromotionKind,
  field: "percentOff" | "amountOff",
  message: { error: () => string },
): [
  (value: { kind?: unknown; percentOff?: unknown; amountOff?: unknown }) => boolean,
  { path: PropertyKey[]; error: () => string; when: (payload: z.core.ParsePayload) => boolean },
] {
  return [
    (value) => !(value.kind === kind && value[field] === undefined),
    {
      path: [field],
      ...message,
      when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "kind" || issue.path?.[0] === field),
    },
  ];
}

/**
 * The 'New code' form. The code is stored as typed and is unique without regard to case (the server answers a
 * duplicate beside the field); the discount is a whole percent or an amount in dollars, as the kind says; at least one
 * service; an optional last day (today or later, in the time zone where the day ends last) and an optional number of
 * uses in all. One use per customer always holds (the database enforces it).
 */
export const createPromotionCodeSchema = z
  .object({
    intent: z.literal(CREATE_PROMOTION_CODE_INTENT),
    code: z
      .string(zodMessage(msg`Please enter a code`))
      .trim()
      .min(1, zodMessage(msg`Please enter a code`))
      .max(PROMOTION_CODE_MAX_LENGTH, zodMessage(msg`A code can be at most 40 characters`))
      .regex(PROMOTION_CODE_PATTERN, zodMessage(msg`Use letters, digits and dashes only`)),
    kind: z.enum(PROMOTION_KIND_CHOICES, zodMessage(msg`Choose a percent or a fixed amount off`)),
    percentOff: z.coerce
      .number(percentMessage)
      .int(percentMessage)
      .min(1, percentMessage)
      .max(100, percentMessage)
      .optional(),
    amountOff: z.coerce
      .number(amountMessage)
      .positive(amountMessage)
      .max(AMOUNT_OFF_MAX, amountMessage)
      .refine(inCents, amountMessage)
      .optional(),
    serviceTypes: z
      .array(serviceType, zodMessage(msg`Choose at least one service`))
      .min(1, zodMessage(msg`Choose at least one service`)),
    expiresOn: z.iso
      .date(dateMessage)
      .refine((day) => day >= promotionToday(new Date()), zodMessage(msg`The last day cannot be in the past`))
      .optional(),
    maxUses: z.coerce
      .number(maxUsesMessage)
      .int(maxUsesMessage)
      .min(1, maxUsesMessage)
      .max(MAX_USES_LIMIT, maxUsesMessage)
      .optional(),
  })
  .refine(...valueOfKind("percent", "percentOff", percentMessage))
  .refine(...valueOfKind("amount", "amountOff", amountMessage));

export type CreatePromotionCodeInput = z.input<typeof createPromotionCodeSchema>;

export const deactivatePromotionCodeSchema = z.object({
  intent: z.literal(DEACTIVATE_PROMOTION_CODE_INTENT),
  promotionCodeId: z.uuid(zodMessage(msg`Invalid request`)),
});

/**
 * The code a customer applies to a payment, as typed (the server matches it without regard to case). Anything that
 * cannot be a code is answered as an unknown one, on the server.
 */
export const appliedPromotionCode = z
  .string(zodMessage(msg`Please enter a promotion code`))
  .trim()
  .min(1, zodMessage(msg`Please enter a promotion code`))
  .max(100, zodMessage(msg`Invalid or expired code`));
