import { i18n, setupI18n, type I18n, type MessageDescriptor } from "@lingui/core";
import { INTL_LOCALES, isLocale } from "./locales";

let active: I18n = i18n;
let source: () => I18n | undefined = () => undefined;

/** The browser's page language for `translate` (LocalizedProvider sets it; never called on the server). */
export function setActiveI18n(instance: I18n): void {
  active = instance;
}

/** On the server: where `translate` finds the language of the request being served (its request context). */
export function setTranslationSource(find: () => I18n | undefined): void {
  source = find;
}

/**
 * A message in the active language, for code outside React components: zod schemas' messages (as
 * `{ error: () => translate(msg\`...\`) }`, so they are read when the form is checked, not when the module
 * loads), toasts raised outside a component. In the browser the active language is the page's (set by
 * LocalizedProvider); on the server the request's language (its request context), else English.
 */
export function translate(descriptor: MessageDescriptor): string {
  const instance = source() ?? active;
  if (instance.locale) return instance._(descriptor);
  const values = descriptor.values ?? {};
  return (descriptor.message ?? descriptor.id).replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** A zod `error` option in the active language: `z.string().min(1, zodMessage(msg\`Please enter ...\`))`. */
export function zodMessage(descriptor: MessageDescriptor): { error: () => string } {
  return { error: () => translate(descriptor) };
}

/** The Intl tag of the active language (dates, money, numbers): `new Intl.NumberFormat(intlLocale(i18n.locale), ...)`. */
export function intlLocale(locale: string | undefined): string {
  return isLocale(locale) ? INTL_LOCALES[locale] : INTL_LOCALES.en;
}

// Where no instance is English yet (a unit test; the browser on a Spanish page): the messages' own source text.
const sourceEnglish = setupI18n({ locale: "en", messages: { en: {} } });

/**
 * English whatever the request's language, for what the server writes for itself or a third party (a log, a card
 * provider's product name, stored admin notes): the shared instance on the server, which holds every catalog.
 */
export function englishI18n(): I18n {
  return i18n.locale === "en" ? i18n : sourceEnglish;
}
