import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { Locale } from "./locales";
import { setActiveI18n } from "./translate";

/** The last instance made for each language, with the serialized catalog it was made from. */
const instances = new Map<Locale, { serialized: string; instance: I18n }>();

/**
 * The i18n instance for a language's serialized catalog, made once: on the server every page of a language gets
 * the same catalog string, so a page costs neither a parse nor a new instance (an instance is fixed to its
 * language and holds no per-request state); in the browser a navigation finds the catalog it already has.
 */
export function i18nForCatalog(locale: Locale, serialized: string): I18n {
  const cached = instances.get(locale);
  if (cached && cached.serialized === serialized) return cached.instance;
  const instance = setupI18n({ locale, messages: { [locale]: JSON.parse(serialized) as Messages } });
  instances.set(locale, { serialized, instance });
  return instance;
}

/**
 * Gives the page its language: `locale` and that language's compiled messages (serialized) come from the
 * localized layout's loader (app/routes/localized.tsx), so the server renders in the chosen language and the
 * browser hydrates with the same messages, loading no other catalog and no catalog code.
 */
export function LocalizedProvider({ locale, messages, children }: { locale: Locale; messages: string; children: React.ReactNode }) {
  const instance = i18nForCatalog(locale, messages);
  // In the browser, `translate` (zod messages, toasts outside components) follows the page's language.
  if (typeof document !== "undefined") setActiveI18n(instance);
  return <I18nProvider i18n={instance}>{children}</I18nProvider>;
}
