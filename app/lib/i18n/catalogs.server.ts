import { createHash } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { sessionUserContext } from "../services.server";
import { CATALOGS } from "./instances.server";
import { CATALOGS_GLOBAL, provideCatalogs } from "./localized-provider";
import { chooseLocale, LOCALES, type Locale } from "./locales";

// The catalogs and each language's instance live in instances.server.ts (no import of the services: e-mail code uses them).
export { CATALOGS, i18nFor } from "./instances.server";

// The pages the server renders find every language's catalog (LocalizedProvider).
provideCatalogs(CATALOGS);

/** Where the catalog scripts are served (app/routes/resources/catalog.ts). */
const CATALOG_SCRIPT_PATH = "/resources/catalog/";

/**
 * Each language's catalog as a script the browser caches for good (docs/decisions/026): its name carries a hash
 * of its text, so a new deployment's catalog has a new name. The page names it (the localized layout's loader)
 * instead of carrying the catalog in its loader data, which every document repeated (63 kB of escaped JSON per page).
 */
export const CATALOG_SCRIPTS: Record<Locale, { src: string; body: string }> = Object.fromEntries(
  LOCALES.map((locale) => {
    const body = `(self.${CATALOGS_GLOBAL}=self.${CATALOGS_GLOBAL}||{})[${JSON.stringify(locale)}]=${JSON.stringify(CATALOGS[locale])};\n`;
    const hash = createHash("sha256").update(body).digest("base64url").slice(0, 12);
    return [locale, { src: `${CATALOG_SCRIPT_PATH}${locale}.${hash}.js`, body }];
  }),
) as Record<Locale, { src: string; body: string }>;

/** The catalog script a file name under CATALOG_SCRIPT_PATH names, if it is one of this deployment's. */
export function catalogScriptNamed(fileName: string): string | null {
  const found = Object.values(CATALOG_SCRIPTS).find((script) => script.src === `${CATALOG_SCRIPT_PATH}${fileName}`);
  return found?.body ?? null;
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
