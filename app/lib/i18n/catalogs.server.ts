import type { RouterContextProvider } from "react-router";
import { sessionUserContext } from "../services.server";
import { CATALOGS } from "./instances.server";
import { chooseLocale, type Locale } from "./locales";

// The catalogs and each language's instance live in instances.server.ts (no import of the services: e-mail code uses them).
export { CATALOGS, i18nFor } from "./instances.server";

/**
 * Each catalog serialized once, as the localized layout sends it (docs/decisions/025): one string in the loader
 * data costs React Router's encoder one escape per page, where the catalog as an object cost a walk over every
 * message on every page load, growing with every translated screen.
 */
export const SERIALIZED_CATALOGS: Record<Locale, string> = {
  en: JSON.stringify(CATALOGS.en),
  es: JSON.stringify(CATALOGS.es),
};

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
