import { i18n, setupI18n, type I18n, type Messages } from "@lingui/core";
import type { RouterContextProvider } from "react-router";
import { messages as en } from "~/locales/en/messages.po";
import { messages as es } from "~/locales/es/messages.po";
import { sessionUserContext } from "../services.server";
import { chooseLocale, LOCALES, type Locale } from "./locales";

/** Each language's compiled catalog (the .po files, compiled by Lingui's Vite plugin). Only the server holds both. */
export const CATALOGS: Record<Locale, Messages> = { en, es };

/**
 * Each catalog serialized once, as the localized layout sends it (docs/decisions/025): one string in the loader
 * data costs React Router's encoder one escape per page, where the catalog as an object cost a walk over every
 * message on every page load, growing with every translated screen.
 */
export const SERIALIZED_CATALOGS: Record<Locale, string> = { en: JSON.stringify(en), es: JSON.stringify(es) };

// One instance per language, each fixed to it, so concurrent requests in different languages never share state.
const instances = Object.fromEntries(
  LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: CATALOGS[locale] } })]),
) as Record<Locale, I18n>;

// The shared instance (used by `translate` outside components) stays English on the server.
i18n.load(CATALOGS);
i18n.activate("en");

/** The i18n instance of a language, for loaders and meta: `i18nFor(locale)._(msg\`...\`)`. */
export function i18nFor(locale: Locale): I18n {
  return instances[locale];
}

/** The language a request is answered in: the signed-in user's saved choice, the cookie, Accept-Language, English. */
export function requestLocale(request: Request, context: Readonly<RouterContextProvider>): Locale {
  let saved: string | null = null;
  try {
    saved = context.get(sessionUserContext)?.language ?? null;
  } catch {
    // Build-time pre-rendering: no session middleware ran.
  }
  return chooseLocale(saved, request.headers);
}
