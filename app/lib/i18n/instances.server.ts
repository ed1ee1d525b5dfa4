import { i18n, setupI18n, type I18n, type Messages } from "@lingui/core";
import { messages as en } from "~/locales/en/messages.po";
import { messages as es } from "~/locales/es/messages.po";
import { LOCALES, type Locale } from "./locales";

/** Each language's compiled catalog (the .po files, compiled by Lingui's Vite plugin). Only the server holds both. */
export const CATALOGS: Record<Locale, Messages> = { en, es };

// One instance per language, each fixed to it, so concurrent requests in different languages never share state.
const instances = Object.fromEntries(
  LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: CATALOGS[locale] } })]),
) as Record<Locale, I18n>;

// The shared instance (used by `translate` outside components) stays English on the server.
i18n.load(CATALOGS);
i18n.activate("en");

/**
 * The i18n instance of a language, for loaders, meta and what the server writes for a person:
 * `i18nFor(locale)._(msg\`...\`)`. Kept apart from catalogs.server.ts (which reads the request's session) so the
 * services and the e-mail code can use it without an import cycle.
 */
export function i18nFor(locale: Locale): I18n {
  return instances[locale];
}
