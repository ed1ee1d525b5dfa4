import type { Locale } from "~/lib/i18n/locales";

/** What a lead's invitation fills the sign-up form with: what they sent in their enquiry, and the token it came with. */
export interface SignUpInvitation {
  token: string;
  fullName: string;
  email: string;
  /** As the form shows a phone: `(555) 123-4567`, or empty. */
  phone: string;
  companyName: string;
  /** The language of the page the lead wrote from, which the sign-up page opens in. */
  language: Locale;
}
