import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { use } from "react";
import type { Locale } from "./locales";
import { setActiveI18n } from "./translate";

/**
 * Where a page's compiled catalog is found, on both sides (docs/decisions/026): the server puts both languages
 * here when it starts (catalogs.server.ts); in the browser the page's catalog script
 * (`/resources/catalog/<locale>.<hash>.js`, named by the localized layout's loader and loaded before the app's
 * code runs) puts the page's language here.
 */
export const CATALOGS_GLOBAL = "__i18nCatalogs";

type LoadedCatalogs = Partial<Record<Locale, Messages>>;

function loadedCatalogs(): LoadedCatalogs {
  const scope = globalThis as typeof globalThis & { [CATALOGS_GLOBAL]?: LoadedCatalogs };
  return (scope[CATALOGS_GLOBAL] ??= {});
}

/** The server, at start: every language's catalog, for the pages it renders. */
export function provideCatalogs(catalogs: LoadedCatalogs): void {
  Object.assign(loadedCatalogs(), catalogs);
}

/** The last instance made for each language, with the catalog it was made from. */
const instances = new Map<Locale, { messages: Messages; instance: I18n }>();

/**
 * The i18n instance for a language's catalog, made once: every page of a language gets the same instance (an
 * instance is fixed to its language and holds no per-request state).
 */
export function i18nForCatalog(locale: Locale, messages: Messages): I18n {
  const cached = instances.get(locale);
  if (cached && cached.messages === messages) return cached.instance;
  const instance = setupI18n({ locale, messages: { [locale]: messages } });
  instances.set(locale, { messages, instance });
  return instance;
}

const scriptLoads = new Map<string, Promise<Messages>>();

/**
 * A catalog the page has not loaded yet (a navigation into the localized pages from the landing page, a switch of
 * language without a new document): its script is added, once, and the promise settles when it has run.
 */
function loadCatalogScript(src: string, locale: Locale): Promise<Messages> {
  let load = scriptLoads.get(src);
  if (!load) {
    load = new Promise<Messages>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.onload = () => {
        const messages = loadedCatalogs()[locale];
        if (messages) resolve(messages);
        else reject(new Error(`The catalog script ${src} gave no ${locale} messages`));
      };
      script.onerror = () => {
        scriptLoads.delete(src);
        reject(new Error(`The catalog script ${src} could not be loaded`));
      };
      document.head.append(script);
    });
    scriptLoads.set(src, load);
  }
  return load;
}

/**
 * Gives the page its language: `locale` and the URL of that language's catalog script come from the localized
 * layout's loader (app/routes/localized.tsx). The server renders in the chosen language (no flash) and the
 * browser hydrates with the same messages; a catalog the browser lacks suspends the navigation until it is loaded.
 */
export function LocalizedProvider({
  locale,
  catalogScript,
  children,
}: {
  locale: Locale;
  catalogScript: string;
  children: React.ReactNode;
}) {
  const messages = loadedCatalogs()[locale] ?? use(loadCatalogScript(catalogScript, locale));
  const instance = i18nForCatalog(locale, messages);
  // In the browser, `translate` (zod messages, toasts outside components) follows the page's language.
  if (typeof document !== "undefined") setActiveI18n(instance);
  return <I18nProvider i18n={instance}>{children}</I18nProvider>;
}
