import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { SERVICE_TYPES, type ServiceType } from "~/domain/service-catalog";
import { zodMessage } from "~/lib/i18n/translate";

// The Plans tab's forms (the settings page's action, by intent) and the customer's plan actions (the Plans page's);
// the browser checks them with these schemas and the server parses them again.

export const CREATE_PLAN_INTENT = "create-plan";
export const UPDATE_PLAN_INTENT = "update-plan";
export const RETIRE_PLAN_INTENT = "retire-plan";
export const OFFER_PLAN_AGAIN_INTENT = "offer-plan-again";

/** The Plans tab's forms, as the settings page's action takes them (the matrix tries each). */
export const PLAN_INTENTS = [
  CREATE_PLAN_INTENT,
  UPDATE_PLAN_INTENT,
  RETIRE_PLAN_INTENT,
  OFFER_PLAN_AGAIN_INTENT,
] as const;

export const SUBSCRIBE_INTENT = "subscribe";
export const CANCEL_PLAN_INTENT = "cancel-plan";
export const KEEP_PLAN_INTENT = "keep-plan";

/** The customer's forms on the Plans page. */
export const CUSTOMER_PLAN_INTENTS = [SUBSCRIBE_INTENT, CANCEL_PLAN_INTENT, KEEP_PLAN_INTENT] as const;

/** Far above any monthly plan an agency of this kind sells: a larger price is a typing slip. */
export const PLAN_PRICE_MAX = 10_000;
export const PLAN_NAME_MAX = 80;
export const PLAN_DESCRIPTION_MAX = 500;

/** What a plan follows: a service, or none. */
export const PLAN_FOLLOWS_CHOICES = ["none", ...SERVICE_TYPES] as const;

const priceMessage = zodMessage(msg`Enter a monthly price of more than $0, in dollars and cents`);
/** Whole cents: `12.5` and `12.50` are, `12.505` is not. */
const inCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
/** A checked checkbox sends "on", an unchecked one nothing. */
const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

const name = (message: ReturnType<typeof zodMessage>) =>
  z
    .string(message)
    .trim()
    .min(1, message)
    .max(PLAN_NAME_MAX, zodMessage(msg`A plan's name can be at most 80 characters`));
const description = z
  .string()
  .trim()
  .max(PLAN_DESCRIPTION_MAX, zodMessage(msg`A description can be at most 500 characters`))
  .default("");

/** A plan's fields, as the 'New plan' and 'Edit plan' forms send them. */
const planFields = {
  nameEn: name(zodMessage(msg`Enter the plan's name in English`)),
  nameEs: name(zodMessage(msg`Enter the plan's name in Spanish`)),
  descriptionEn: description,
  descriptionEs: description,
  price: z.coerce
    .number(priceMessage)
    .positive(priceMessage)
    .max(PLAN_PRICE_MAX, priceMessage)
    .refine(inCents, priceMessage),
  follows: z
    .enum(PLAN_FOLLOWS_CHOICES, zodMessage(msg`Choose what the plan follows`))
    .transform((value): ServiceType | null => (value === "none" ? null : value)),
  beforeFinished: checkbox,
};

export const createPlanSchema = z.object({ intent: z.literal(CREATE_PLAN_INTENT), ...planFields });
export type CreatePlanInput = z.input<typeof createPlanSchema>;

export const updatePlanSchema = z.object({
  intent: z.literal(UPDATE_PLAN_INTENT),
  planId: z.uuid(zodMessage(msg`Invalid request`)),
  ...planFields,
});
export type UpdatePlanInput = z.input<typeof updatePlanSchema>;

export const planIdSchema = z.object({ planId: z.uuid(zodMessage(msg`Invalid request`)) });

export const subscriptionIdSchema = z.object({ subscriptionId: z.uuid(zodMessage(msg`Invalid request`)) });
