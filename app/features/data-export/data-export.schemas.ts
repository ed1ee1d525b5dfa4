import { msg } from "@lingui/core/macro";
import { z } from "zod";

/** The Profile page's 'Download my data' form. */
export const REQUEST_DATA_EXPORT_INTENT = "request-data-export";

/** The card's texts that a toast or the action's answer reads, in the active language. */
export const DATA_EXPORT_TEXTS = {
  requested: msg`We are preparing your data`,
  requestedDetail: msg`You can leave this page: we will notify you and send you an e-mail when it is ready.`,
};

/**
 * 'Download my data': the password is optional. Given (and right), the credentials' passwords, PINs and details and
 * the Gmail password are written into the export in clear; left empty, the export lists the credentials without them.
 */
export const requestDataExportSchema = z.object({
  intent: z.literal(REQUEST_DATA_EXPORT_INTENT),
  password: z
    .string()
    .optional()
    .transform((value) => value ?? ""),
});
