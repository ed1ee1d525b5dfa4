import { setupI18n, type Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { useMemo } from "react";
import type { Locale } from "./locales";
import { setActiveI18n } from "./translate";

/**
 * Gives the page its language: `locale` and that language's compiled messages come from the localized layout's
 * loader (app/routes/localized.tsx), so the server renders in the chosen language and the browser hydrates with
 * the same messages, loading no other catalog and no catalog code.
 */
export function LocalizedProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: React.ReactNode }) {
  const instance = useMemo(() => setupI18n({ locale, messages: { [locale]: messages } }), [locale, messages]);
  // In the browser, `translate` (zod messages, toasts outside components) follows the page's language.
  if (typeof document !== "undefined") setActiveI18n(instance);
  return <I18nProvider i18n={instance}>{children}</I18nProvider>;
}
