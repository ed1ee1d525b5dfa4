import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { isServiceType, SERVICE_CATALOG, type ServiceType } from "~/lib/service-catalog";
import { intlLocale } from "./translate";

/**
 * The back office's shared wordings in the page's language (issue 14): money, the services' names and the
 * admin payment card's title. English stays the spec's ('$350', 'Website Development', 'Payment 1 of 2').
 */

/** '$350' / '$350.50' in English, the same amount in the language's own format otherwise. */
export function formatMoney(amount: number, locale: string | undefined): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(intlLocale(locale), {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

const SERVICE_TITLES = {
  google_business: msg`Google Business Profile Setup`,
  website: msg`Website Development`,
} as const;

/** A service's name in the language (an unknown service type is shown as it is). */
export function serviceTitleIn(i18n: I18n, service: ServiceType | string): string {
  return isServiceType(service) ? i18n._(SERVICE_TITLES[service]) : service;
}

/** adminPaymentTitle in the language: 'Service Payment' for the one-payment Google service, else 'Payment N of 2'. */
export function adminPaymentTitleIn(i18n: I18n, serviceType: string, paymentNumber: number): string {
  if (serviceType === "google_business") return i18n._(msg`Service Payment`);
  const payments = isServiceType(serviceType) ? SERVICE_CATALOG[serviceType].payments : 2;
  return i18n._(msg`Payment ${paymentNumber} of ${payments}`);
}
