import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { zodMessage } from "~/lib/i18n/translate";
import {
  keptFiles,
  latestOpeningDate,
  addressFields,
  MESSAGE_DESCRIPTORS as M,
  optionalUrl,
  phoneNumber,
  requiredText,
  socialLinkFields,
  textList,
} from "~/features/information/information-rules";

/** The page's own texts as descriptors, for the browser's toasts and the action's answers in the request's language. */
export const GOOGLE_TEXTS = {
  saved: msg`Your information has been saved successfully`,
};

/**
 * The Google Business form (the stored snake_case columns, in camelCase field names), in the order the
 * fields appear on the page, so the first error is the first field's. Files travel beside it: `logo`
 * (one) and `photos` (new ones); `keepPhotos[i]` names saved photos the customer keeps. When a Gmail password
 * is already saved (`passwordSaved`, which the server decides from its own record), the field may be left
 * empty to keep it.
 */
export const googleBusinessFormSchema = ({ passwordSaved }: { passwordSaved: boolean }) =>
  z.object({
    gmailEmail: z
      .string(zodMessage(M.invalidEmail))
      .trim()
      .max(254, zodMessage(M.emailTooLong))
      .pipe(z.email(zodMessage(M.invalidEmail))),
    gmailPassword: passwordSaved
      ? z
          .string()
          .max(499, zodMessage(GMAIL_PASSWORD_TOO_LONG))
          .nullish()
          .transform((value) => value || null)
      : z
          .string(zodMessage(M.gmailPasswordRequired))
          .min(1, zodMessage(M.gmailPasswordRequired))
          .max(499, zodMessage(GMAIL_PASSWORD_TOO_LONG)),
    legalBusinessName: requiredText(M.legalNameRequired, 200, M.legalNameTooLong),
    serviceType: requiredText(M.serviceTypeRequired, 100, M.serviceTypeTooLong),
    openingDate: z
      .string(zodMessage(M.openingDateRequired))
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, zodMessage(M.openingDateRequired))
      .refine((value) => !Number.isNaN(Date.parse(value)), zodMessage(M.openingDateRequired))
      .refine((value) => value <= latestOpeningDate(), zodMessage(M.openingDateFuture)),
    phoneNumber: phoneNumber(),
    website: optionalUrl(),
    ...socialLinkFields(),
    ...addressFields(),
    serviceCities: textList(M.serviceCityRequired, { unique: true }),
    keepPhotos: keptFiles(),
  });

const GMAIL_PASSWORD_TOO_LONG = msg`Gmail password must be less than 500 characters`;

type Schema = ReturnType<typeof googleBusinessFormSchema>;
export type GoogleBusinessFormInput = z.input<Schema>;
