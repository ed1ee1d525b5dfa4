import { z } from "zod";
import {
  keptFiles,
  latestOpeningDate,
  MESSAGES,
  optionalText,
  optionalUrl,
  phoneNumber,
  requiredText,
  textList,
  zipCode,
} from "./business-rules";

/** The toast's text when the first error has no message of its own (spec section 5). */
export const GOOGLE_DEFAULT_ERROR = "Please fill in all required fields correctly";

export const GOOGLE_SAVED = "Your information has been saved successfully";
export const GOOGLE_SAVE_FAILED = "Failed to save your information. Please try again.";
export const NOT_SIGNED_IN_FORM = "You must be logged in to submit this form";

/**
 * The Google Business form (the spec's snake_case variant, in camelCase field names), in the order the
 * fields appear on the page, so the first error is the first field's. Files travel beside it: `logo`
 * (one) and `photos` (new ones); `keepPhotos[i]` names saved photos the customer keeps. When a Gmail password
 * is already saved (`passwordSaved`, which the server decides from its own record), the field may be left
 * empty to keep it.
 */
export const googleBusinessFormSchema = ({ passwordSaved }: { passwordSaved: boolean }) =>
  z.object({
    gmailEmail: z
      .string({ error: MESSAGES.invalidEmail })
      .trim()
      .max(254, MESSAGES.emailTooLong)
      .pipe(z.email(MESSAGES.invalidEmail)),
    gmailPassword: passwordSaved
      ? z.string().max(499, GMAIL_PASSWORD_TOO_LONG).nullish().transform((value) => value || null)
      : z.string({ error: MESSAGES.gmailPasswordRequired }).min(1, MESSAGES.gmailPasswordRequired).max(499, GMAIL_PASSWORD_TOO_LONG),
    legalBusinessName: requiredText(MESSAGES.legalNameRequired, 200, MESSAGES.legalNameTooLong),
    serviceType: requiredText(MESSAGES.serviceTypeRequired, 100, MESSAGES.serviceTypeTooLong),
    openingDate: z
      .string({ error: MESSAGES.openingDateRequired })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.openingDateRequired)
      .refine((value) => !Number.isNaN(Date.parse(value)), MESSAGES.openingDateRequired)
      .refine((value) => value <= latestOpeningDate(), MESSAGES.openingDateFuture),
    phoneNumber: phoneNumber(),
    website: optionalUrl(),
    facebookLink: optionalUrl(),
    instagramLink: optionalUrl(),
    linkedinLink: optionalUrl(),
    address: requiredText(MESSAGES.addressRequired, 200, MESSAGES.addressTooLong),
    aptSuite: optionalText(50, MESSAGES.aptSuiteTooLong),
    city: requiredText(MESSAGES.cityRequired, 100, MESSAGES.cityTooLong),
    state: requiredText(MESSAGES.stateRequired, 50, MESSAGES.stateTooLong),
    zip: zipCode(),
    serviceCities: textList(MESSAGES.serviceCityRequired, { unique: true }),
    keepPhotos: keptFiles(),
  });

const GMAIL_PASSWORD_TOO_LONG = "Gmail password must be less than 500 characters";

type Schema = ReturnType<typeof googleBusinessFormSchema>;
export type GoogleBusinessFormInput = z.input<Schema>;
/** The parsed form; `gmailPassword` is null when a saved one is kept. */
export type GoogleBusinessForm = Omit<z.output<Schema>, "gmailPassword"> & { gmailPassword: string | null };
