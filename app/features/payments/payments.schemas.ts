import { z } from "zod";
import { isValidPaymentNumber, SERVICE_TYPES, type ServiceType } from "~/lib/service-catalog";

/** Which payment a proof or checkout is for; the amount always comes from the catalog, never from here. */
export const paymentTargetSchema = z
  .object({
    serviceType: z.enum(SERVICE_TYPES as [ServiceType, ...ServiceType[]], { error: "Unknown service" }),
    paymentNumber: z.coerce.number({ error: "Invalid payment number" }).int("Invalid payment number"),
  })
  .refine((value) => isValidPaymentNumber(value.serviceType, value.paymentNumber), {
    message: "Invalid payment number",
    path: ["paymentNumber"],
  });

export type PaymentTarget = z.infer<typeof paymentTargetSchema>;

/** The JSON of the checkout call. */
export const checkoutRequestSchema = z.object({
  serviceType: z.unknown(),
  paymentNumber: z.unknown(),
  returnPath: z.unknown().optional(),
});
