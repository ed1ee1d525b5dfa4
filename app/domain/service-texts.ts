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

/** A service's short name as the customer's payment-status card shows it (an unknown service as it is). */
export function serviceNameIn(i18n: I18n, service: string): string {
  if (service === "google_business") return i18n._(msg`Google Business Profile`);
  if (service === "website") return i18n._(msg`Website`);
  return service;
}

/**
 * An admin payment card's title, under its service's heading: 'One payment' for a service paid at once (the Google
 * service), else 'Payment N of 2'.
 */
export function adminPaymentTitleIn(i18n: I18n, serviceType: string, paymentNumber: number): string {
  const payments = isServiceType(serviceType) ? SERVICE_CATALOG[serviceType].payments : 2;
  if (payments === 1) return i18n._(msg`One payment`);
  return i18n._(msg`Payment ${paymentNumber} of ${payments}`);
}

/**
 * A payment named on its own (the payment dialog's subtitle, a work queue row): 'Google Business Profile Setup' or
 * 'Website Development - Payment N of 2'. An unknown service is named as it is.
 */
export function paymentSubtitleIn(i18n: I18n, service: ServiceType | string, paymentNumber: number): string {
  const title = serviceTitleIn(i18n, service);
  const total = isServiceType(service) ? SERVICE_CATALOG[service].payments : 2;
  return total > 1 ? i18n._(msg`${title} - Payment ${paymentNumber} of ${total}`) : title;
}
