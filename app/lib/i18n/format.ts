import { intlLocale } from "./translate";

/**
 * Dollars in the page's language (`formatMoney(250, i18n.locale)`): `$250`, `$1,500.50`. Whole amounts show
 * no cents, as prices are written everywhere in the product; `{ cents: true }` always shows them (`$250.00`), for
 * receipts and other accounts, whose columns of amounts line up.
 */
export function formatMoney(amount: number, locale?: string, { cents = false }: { cents?: boolean } = {}): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents || !Number.isInteger(amount) ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** A date (or date and time) in the page's language: `formatDate(iso, i18n.locale, { dateStyle: "long" })`. */
export function formatDate(
  value: string | Date,
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): string {
  return new Date(value).toLocaleString(intlLocale(locale), options);
}
