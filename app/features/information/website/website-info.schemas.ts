import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { zodMessage } from "~/lib/i18n/translate";
import {
  addressFields,
  MESSAGE_DESCRIPTORS as M,
  optionalText,
  phoneNumber,
  requiredText,
  socialLinkFields,
  textList,
} from "~/features/information/information-rules";
import { PALETTE_HEXES } from "./palette";

/** The page's own texts as descriptors, for the browser's toasts and the action's answers in the request's language. */
export const WEBSITE_TEXTS = {
  saved: msg`Website information submitted successfully`,
};

const PROVIDER_TOO_LONG = msg`Provider must be less than 200 characters`;
const USERNAME_TOO_LONG = msg`Username must be less than 200 characters`;
const PASSWORD_TOO_LONG = msg`Password must be less than 500 characters`;

/**
 * The website form (the stored fields plus domain, hosting, colour and files), in page order.
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
    domainPassword: z
      .string()
      .max(499, zodMessage(PASSWORD_TOO_LONG))
      .nullish()
      .transform((value) => value || null),
    hasHosting: z.boolean().nullish().transform(Boolean),
    hostingProvider: optionalText(200, PROVIDER_TOO_LONG),
    hostingUsername: optionalText(200, USERNAME_TOO_LONG),
    hostingPassword: z
      .string()
      .max(499, zodMessage(PASSWORD_TOO_LONG))
      .nullish()
      .transform((value) => value || null),
    primaryColor: z
      .enum(PALETTE_HEXES, zodMessage(msg`Please choose a color from the palette`))
      .nullish()
      .transform((value) => value ?? null),
    legalBusinessName: requiredText(M.legalNameRequired, 200, M.legalNameTooLong),
    phoneNumber: phoneNumber(),
    serviceTypes: textList(M.serviceTypesRequired, { unique: false }),
    ...socialLinkFields(),
    serviceCities: textList(M.serviceCityRequired, { unique: false }),
    ...addressFields((state) => state.pipe(z.string().min(2, zodMessage(M.stateTooShort)))),
  })
  .transform((value) => ({
    ...value,
    // An unticked box clears its provider, username and password.
    domainProvider: value.hasDomain ? value.domainProvider : null,
    domainUsername: value.hasDomain ? value.domainUsername : null,
    domainPassword: value.hasDomain ? value.domainPassword : null,
    hostingProvider: value.hasHosting ? value.hostingProvider : null,
    hostingUsername: value.hasHosting ? value.hostingUsername : null,
    hostingPassword: value.hasHosting ? value.hostingPassword : null,
  }));

export type WebsiteInfoFormInput = z.input<typeof websiteInfoFormSchema>;
