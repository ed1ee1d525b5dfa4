import { z } from "zod";
import {
  MESSAGES,
  optionalText,
  optionalUrl,
  phoneNumber,
  requiredText,
  textList,
  zipCode,
} from "~/features/business-info/business-rules";
import { PALETTE_HEXES } from "./palette";

/** The toast's text when the first error has no message of its own (spec section 5). */
export const WEBSITE_DEFAULT_ERROR = "Please check your input and try again";
export const WEBSITE_SAVED = "Website information submitted successfully";
export const WEBSITE_SAVE_FAILED = "Failed to submit information";

const PROVIDER_TOO_LONG = "Provider must be less than 200 characters";
const USERNAME_TOO_LONG = "Username must be less than 200 characters";
const PASSWORD_TOO_LONG = "Password must be less than 500 characters";

/**
 * The website form (the spec's camelCase variant plus domain, hosting, colour and files), in page order.
 * A domain's or hosting's provider, username and password count only while its box is ticked; the
 * username and password go to the customer's credentials (Domain / Hosting), never to website_info. An
 * empty password keeps the stored one. Files travel beside it: `logo`, `founderPhoto` (a new one replaces
 * the saved one).
 */
export const websiteInfoFormSchema = z
  .object({
    hasDomain: z.boolean().nullish().transform(Boolean),
    domainProvider: optionalText(200, PROVIDER_TOO_LONG),
    domainUsername: optionalText(200, USERNAME_TOO_LONG),
    domainPassword: z.string().max(499, PASSWORD_TOO_LONG).nullish().transform((value) => value || null),
    hasHosting: z.boolean().nullish().transform(Boolean),
    hostingProvider: optionalText(200, PROVIDER_TOO_LONG),
    hostingUsername: optionalText(200, USERNAME_TOO_LONG),
    hostingPassword: z.string().max(499, PASSWORD_TOO_LONG).nullish().transform((value) => value || null),
    primaryColor: z
      .enum(PALETTE_HEXES, { error: "Please choose a color from the palette" })
      .nullish()
      .transform((value) => value ?? null),
    legalBusinessName: requiredText(MESSAGES.legalNameRequired, 200, MESSAGES.legalNameTooLong),
    phoneNumber: phoneNumber(),
    serviceTypes: textList(MESSAGES.serviceTypesRequired, { unique: false }),
    facebookLink: optionalUrl(),
    instagramLink: optionalUrl(),
    linkedinLink: optionalUrl(),
    serviceCities: textList(MESSAGES.serviceCityRequired, { unique: false }),
    address: requiredText(MESSAGES.addressRequired, 200, MESSAGES.addressTooLong),
    aptSuite: optionalText(50, MESSAGES.aptSuiteTooLong),
    city: requiredText(MESSAGES.cityRequired, 100, MESSAGES.cityTooLong),
    state: requiredText(MESSAGES.stateRequired, 50, MESSAGES.stateTooLong).pipe(z.string().min(2, MESSAGES.stateTooShort)),
    zip: zipCode(),
  })
  .transform((value) => ({
    ...value,
    // An unticked box clears its provider, username and password (spec section 4).
    domainProvider: value.hasDomain ? value.domainProvider : null,
    domainUsername: value.hasDomain ? value.domainUsername : null,
    domainPassword: value.hasDomain ? value.domainPassword : null,
    hostingProvider: value.hasHosting ? value.hostingProvider : null,
    hostingUsername: value.hasHosting ? value.hostingUsername : null,
    hostingPassword: value.hasHosting ? value.hostingPassword : null,
  }));

export type WebsiteInfoFormInput = z.input<typeof websiteInfoFormSchema>;
export type WebsiteInfoForm = z.output<typeof websiteInfoFormSchema>;

