import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { isServiceType, SERVICE_CATALOG, type ServiceType } from "~/lib/service-catalog";

/**
 * The back office's shared wordings in the page's language (issue 14): the services' names and the
 * admin payment card's title. English stays the spec's ('$350', 'Website Development', 'Payment 1 of 2').
 */

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
