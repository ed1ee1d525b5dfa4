import { createHash } from "node:crypto";
import { CATALOGS } from "./instances.server";
import { CATALOGS_GLOBAL, provideCatalogs } from "./localized-provider";
import { LOCALES, type Locale } from "./locales";

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
