import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { isServiceType, SERVICE_CATALOG, type ServiceType } from "~/domain/service-catalog";

/**
 * The back office's shared wordings in the page's language: the services' names and the
 * admin payment card's title. In English: '$350', 'Website Development', 'Payment 1 of 2'.
 */

const SERVICE_TITLES = {
  google_business: msg`Google Business Profile Setup`,
  website: msg`Website Development`,
} as const;

/** A service's name in the language (an unknown service type is shown as it is). */
export function serviceTitleIn(i18n: I18n, service: ServiceType | string): string {
  return isServiceType(service) ? i18n._(SERVICE_TITLES[service]) : service;
}

/** An admin payment card's title: 'Service Payment' for the one-payment Google service, else 'Payment N of 2'. */
export function adminPaymentTitleIn(i18n: I18n, serviceType: string, paymentNumber: number): string {
  if (serviceType === "google_business") return i18n._(msg`Service Payment`);
  const payments = isServiceType(serviceType) ? SERVICE_CATALOG[serviceType].payments : 2;
  return i18n._(msg`Payment ${paymentNumber} of ${payments}`);
}

/** The payment dialog's subtitle: 'Google Business Profile Setup' or 'Website Development - Payment N of 2'. */
export function paymentSubtitleIn(i18n: I18n, service: ServiceType, paymentNumber: number): string {
  const title = serviceTitleIn(i18n, service);
  const total = SERVICE_CATALOG[service].payments;
  return total > 1 ? i18n._(msg`${title} - Payment ${paymentNumber} of ${total}`) : title;
}
