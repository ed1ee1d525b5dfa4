import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { zodMessage } from "~/lib/i18n/translate";
import { isValidPaymentNumber, SERVICE_TYPES, type ServiceType } from "~/domain/service-catalog";
import { appliedPromotionCode } from "~/features/promotions/promotions.schemas";
import { MAX_PROOF_BYTES } from "./payment-rules";

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

/**
 * The proof photo: required, at most 10 MB, with PROOF_MESSAGES' texts (lib/uploads.ts) in the page's language.
 * Its bytes are checked on the server (PROOF_MESSAGES.notImage).
 */
const proofPhoto = z
  .custom<Blob>(
    (value) => value instanceof Blob && value.size > 0,
    zodMessage(msg`Please select a proof of payment photo`),
  )
  .refine(
    (file) => !(file instanceof Blob) || file.size <= MAX_PROOF_BYTES,
    zodMessage(msg`The proof of payment photo must be smaller than 10MB`),
  );

/**
 * The Zelle step's form (multipart): which payment, the photo of the transfer's confirmation and the promotion code
 * the dialog applied, if any (the server prices the payment with it again).
 */
export const proofFormSchema = z
  .object({ ...targetFields, proof: proofPhoto, promotionCode: appliedPromotionCode.optional() })
  .refine(...payableNumber);

/** A payment with a promotion code: the dialog's quote, and the payment a code makes free ('Complete payment'). */
export const paymentQuoteSchema = z
  .object({ ...targetFields, promotionCode: appliedPromotionCode })
  .refine(...payableNumber);

export type PaymentQuoteInput = z.input<typeof paymentQuoteSchema>;

/**
 * A new proof for the customer's own rejected Zelle transfer (the same payment goes back to review): which
 * payment, and the new photo.
 */
export const proofResubmitSchema = z.object({ paymentId: z.uuid({ error: "Invalid payment" }), proof: proofPhoto });
