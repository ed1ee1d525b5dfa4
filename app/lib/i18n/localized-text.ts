import type { I18n } from "@lingui/core";
import { intlLocale } from "./translate";

/**
 * A text the server writes for one person, not yet in their language: rendered with the recipient's i18n
 * instance when the message is written (notification rows, e-mails). `(i18n) => i18n._(msg\`Payment Approved\`)`.
 */
export type Localized<T> = (i18n: I18n) => T;

/** Dollars as the language writes them: whole amounts without cents ('$250'), others with two ('$349.50'). */
export function formatMoney(amount: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
