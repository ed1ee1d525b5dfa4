import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { messages as en } from "~/locales/en/messages.po";
import { messages as es } from "~/locales/es/messages.po";
import type { Locale } from "./locales";

/** Tests only: a component tree in one language, as the localized layout gives it (`inLanguage(<X />, "es")`). */
export function inLanguage(node: ReactNode, locale: Locale = "en"): ReactNode {
  const i18n = setupI18n({ locale, messages: { [locale]: locale === "es" ? es : en } });
  return <I18nProvider i18n={i18n}>{node}</I18nProvider>;
}
