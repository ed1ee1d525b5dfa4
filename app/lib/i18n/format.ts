import { intlLocale } from "./translate";

/**
 * Dollars in the page's language (`formatMoney(250, i18n.locale)`): `$250`, `$1,500.50`. Whole amounts show
 * no cents, as prices are written everywhere in the product.
 */
export function formatMoney(amount: number, locale?: string): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** A date (or date and time) in the page's language: `formatDate(iso, i18n.locale, { dateStyle: "long" })`. */
export function formatDate(value: string | Date, locale: string | undefined, options: Intl.DateTimeFormatOptions): string {
  return new Date(value).toLocaleString(intlLocale(locale), options);
}
