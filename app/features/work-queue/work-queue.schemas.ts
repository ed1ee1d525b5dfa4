import { z } from "zod";
import { SERVICE_TYPES } from "~/domain/service-catalog";

/**
 * The customer page's note that an admin has now seen an information form: posted when its tab is shown,
 * never by loading the page (a reload, a prefetch or another site's link must not clear a work-queue item).
 * `seenAt` is the saved time of the version shown, so a save made after the page loaded stays unseen.
 */
export const MARK_REVIEWED_INTENT = "mark-reviewed";

export const markReviewedSchema = z.object({
  userId: z.uuid(),
  form: z.enum(SERVICE_TYPES),
  seenAt: z.iso.datetime(),
});
