import { z } from "zod";
import { isValidPaymentNumber, SERVICE_TYPES, type ServiceType } from "~/lib/service-catalog";
import { MAX_PROOF_BYTES, PROOF_MESSAGES } from "./payment-rules";

const targetFields = {
  serviceType: z.enum(SERVICE_TYPES as [ServiceType, ...ServiceType[]], { error: "Unknown service" }),
  paymentNumber: z.coerce.number({ error: "Invalid payment number" }).int("Invalid payment number"),
};

const payableNumber: [
  (value: { serviceType: ServiceType; paymentNumber: number }) => boolean,
  { message: string; path: string[] },
] = [
  (value) => isValidPaymentNumber(value.serviceType, value.paymentNumber),
  { message: "Invalid payment number", path: ["paymentNumber"] },
];

/** Which payment a proof or checkout is for; the amount always comes from the catalog, never from here. */
export const paymentTargetSchema = z.object(targetFields).refine(...payableNumber);

export type PaymentTarget = z.infer<typeof paymentTargetSchema>;

/** The proof photo: required, at most 10 MB. Its bytes are checked on the server (PROOF_MESSAGES.notImage). */
const proofPhoto = z
  .custom<Blob>((value) => value instanceof Blob && value.size > 0, { message: PROOF_MESSAGES.missing })
  .refine((file) => !(file instanceof Blob) || file.size <= MAX_PROOF_BYTES, { message: PROOF_MESSAGES.tooLarge });

/** The Zelle step's form (multipart): which payment, and the photo of the transfer's confirmation. */
export const proofFormSchema = z.object({ ...targetFields, proof: proofPhoto }).refine(...payableNumber);

export type ProofForm = z.infer<typeof proofFormSchema>;
