import { z } from "zod";
import { SERVICE_TYPES, type ServiceType } from "~/domain/service-catalog";
import { REVIEW_RESPONSE_INTENT } from "./review-views";

/** The 'Leave us a review' card's two answers: the link was opened, or the card dismissed. */
export const reviewResponseFormSchema = z.object({
  intent: z.literal(REVIEW_RESPONSE_INTENT),
  service: z.enum(SERVICE_TYPES as [ServiceType, ...ServiceType[]]),
  response: z.enum(["opened", "dismissed"]),
});
