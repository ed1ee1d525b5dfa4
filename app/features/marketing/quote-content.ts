/**
 * What the free quote form and its thank-you say, in a page's language: the landing page's contact section and the
 * quote page (`/quote`, `/es/quote`, the answer to the form sent without JavaScript) show the same form. Data, like
 * the rest of the landing page's copy (content.ts), so the page's script carries no text: the messages it shows come
 * with the form too (`messages`, by their Lingui ids).
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { US_STATES } from "~/domain/us-states";
import {
  CONTACT_PREFERENCE_NAMES,
  CONTACT_PREFERENCES,
  LEAD_INDUSTRIES,
  LEAD_INDUSTRY_NAMES,
  LEAD_WANTS,
  LEAD_WANTS_NAMES,
} from "~/features/leads/leads";
import { QUOTE_FORM_MESSAGES } from "~/features/leads/leads.schemas";
import type { Locale } from "~/lib/i18n/locales";

/** Where the form posts: the quote page in the form's language, which answers in it. */
function quotePath(locale: Locale): string {
  return locale === "es" ? "/es/quote" : "/quote";
}

export function quoteContentFor(i18n: I18n, locale: Locale) {
  const t = (descriptor: MessageDescriptor) => i18n._(descriptor);
  return {
    locale,
    action: quotePath(locale),
    title: t(msg`Get a free quote`),
    intro: t(
      msg`Tell us about your business. We answer every request within one business day, free and with no obligation.`,
    ),
    required: t(msg`required`),
    optional: t(msg`optional`),
    labels: {
      name: t(msg`Your name`),
      businessName: t(msg`Business name`),
      phone: t(msg`Phone`),
      email: t(msg`E-mail`),
      industry: t(msg`Your trade`),
      wants: t(msg`What do you need?`),
      city: t(msg`City`),
      state: t(msg`State`),
      message: t(msg`Message`),
      contactPreference: t(msg`How should we contact you?`),
      consent: t(msg`I agree to be contacted by phone, text or e-mail about my request.`),
    },
    reachHint: t(msg`A phone number or an e-mail address (or both), so we can answer you.`),
    phonePlaceholder: "(555) 123-4567",
    messagePlaceholder: t(msg`What would you like help with?`),
    choose: t(msg`Choose…`),
    industries: LEAD_INDUSTRIES.map((value) => ({ value, label: t(LEAD_INDUSTRY_NAMES[value]) })),
    wants: LEAD_WANTS.map((value) => ({ value, label: t(LEAD_WANTS_NAMES[value]) })),
    preferences: CONTACT_PREFERENCES.map((value) => ({ value, label: t(CONTACT_PREFERENCE_NAMES[value]) })),
    // The states' own names, as on an address (not translated).
    states: US_STATES.map(([value, label]) => ({ value, label })),
    honeypot: t(msg`Leave this field empty`),
    privacy: t(msg`We use what you send only to answer your request.`),
    privacyLink: t(msg`Privacy Policy`),
    privacyHref: locale === "es" ? "/es/privacy" : "/privacy",
    submit: t(msg`Send my request`),
    sending: t(msg`Sending…`),
    errorSummary: t(msg`Please check the fields marked below.`),
    /** The form's messages by their ids, for the page's script (it loads no catalog). */
    messages: Object.fromEntries(QUOTE_FORM_MESSAGES.map((descriptor) => [descriptor.id, t(descriptor)])),
    thanks: {
      title: t(msg`Thank you! We got your request.`),
      next: t(
        msg`What happens next: someone from our team reads it and contacts you the way you asked, within one business day. We will tell you what your Google profile and website need, and what it costs.`,
      ),
      call: t(msg`Prefer to talk now? Call us:`),
      book: t(msg`Or book a call at a time that suits you:`),
      bookLink: t(msg`Book a call`),
      opensInNewTab: t(msg`(opens in a new tab)`),
      back: t(msg`Back to the home page`),
    },
  };
}

export type QuoteContent = ReturnType<typeof quoteContentFor>;
