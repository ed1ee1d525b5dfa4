import { z } from "zod";
import { SERVICE_TYPES, type ServiceType } from "~/domain/service-catalog";
import { isProgressStep } from "~/domain/progress-steps";

export const INVALID_STEP = "Unknown progress step";

const service = z.enum(SERVICE_TYPES as [ServiceType, ...ServiceType[]], { error: "Unknown service" });
const stepOfService: [(value: { service: ServiceType; step: string }) => boolean, { message: string; path: string[] }] =
  [(value) => isProgressStep(value.service, value.step), { message: INVALID_STEP, path: ["step"] }];

/** Which customer's step, of which service, and whether it is now done: the toggle use case's input. */
export const progressToggleSchema = z
  .object({
    userId: z.uuid({ error: "Customer not found" }),
    service,
    step: z.string(),
    done: z.boolean(),
    /** With `done`: mark the steps before it that are not done yet as done too, so the checklist reads in order. */
    withEarlier: z.boolean().default(false),
  })
  .refine(...stepOfService);

export type ProgressToggleInput = z.input<typeof progressToggleSchema>;

/** The action's intent for a progress toggle on the admin's customer page. */
export const PROGRESS_INTENT = "progress";

/**
 * The admin's toggle form, posted to the customer detail page: a step's checkbox named `done` (sent as "on"
 * when ticked, absent when not), with the service and step beside it. The customer comes from the URL.
 */
export const progressToggleFormSchema = z
  .object({
    intent: z.literal(PROGRESS_INTENT, { error: "Invalid request" }),
    service,
    step: z.string({ error: INVALID_STEP }),
    done: z.boolean().default(false),
    withEarlier: z.boolean().default(false),
  })
  .refine(...stepOfService);
