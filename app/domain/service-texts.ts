import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import {
  isServiceType,
  paymentAmount,
  SERVICE_CATALOG,
  serviceTotal,
  type ServiceType,
} from "~/domain/service-catalog";
import { formatMoney } from "~/lib/i18n/format";

/**
 * The services' names and prices as people read them, in their language: the one place each service is named, read
 * by the pages, the e-mails and notifications, the receipts and exports, the activity log and the landing page.
 */

interface ServiceNames {
  /** What is bought: the payments, receipts and the back office ('Website Development'). */
  title: MessageDescriptor;
  /** The service itself, as the customer's pages name it ('Google Business Profile', 'Website'). */
  name: MessageDescriptor;
  /** Where space is short: the customer list's standing ('Google Business'). */
  shortName: MessageDescriptor;
}

const SERVICE_NAMES = {
  google_business: {
    title: msg`Google Business Profile Setup`,
    name: msg`Google Business Profile`,
    shortName: msg`Google Business`,
  },
  website: { title: msg`Website Development`, name: msg`Website`, shortName: msg`Website` },
} as const satisfies Record<ServiceType, ServiceNames>;

/** A service's name as a message, for code that words with a translator of its own. */
export function serviceNameMessage(service: ServiceType): MessageDescriptor {
  return SERVICE_NAMES[service].name;
}

/** A service's title in the language (an unknown service type is shown as it is). */
export function serviceTitleIn(i18n: I18n, service: ServiceType | string): string {
  return isServiceType(service) ? i18n._(SERVICE_NAMES[service].title) : service;
}

/** A service's name in the language (an unknown service as it is). */
export function serviceNameIn(i18n: I18n, service: ServiceType | string): string {
  return isServiceType(service) ? i18n._(SERVICE_NAMES[service].name) : service;
}

/** A service's short name in the language. */
export function serviceShortNameIn(i18n: I18n, service: ServiceType): string {
  return i18n._(SERVICE_NAMES[service].shortName);
}

/**
 * One payment by the service's name, for a Zelle memo and the admins' notice of a proof: 'Google Business Profile' for
 * a service paid at once, else 'Website (Payment N)'.
 */
export function servicePaymentNameIn(i18n: I18n, service: ServiceType, paymentNumber: number): string {
  const name = serviceNameIn(i18n, service);
  return SERVICE_CATALOG[service].payments > 1 ? i18n._(msg`${name} (Payment ${paymentNumber})`) : name;
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
 * A payment named on its own (the payment dialog's subtitle, a work queue row, a receipt): 'Google Business Profile
 * Setup' or 'Website Development - Payment N of 2'. An unknown service is named as it is.
 */
export function paymentSubtitleIn(i18n: I18n, service: ServiceType | string, paymentNumber: number): string {
  const title = serviceTitleIn(i18n, service);
  const total = isServiceType(service) ? SERVICE_CATALOG[service].payments : 2;
  return total > 1 ? i18n._(msg`${title} - Payment ${paymentNumber} of ${total}`) : title;
}

/** What one payment of a service costs, from the catalog, in the language's way of writing money ('$350'). */
export function paymentPriceIn(locale: string | undefined, service: ServiceType, paymentNumber: number): string {
  return formatMoney(paymentAmount(service, paymentNumber), locale);
}

/** What a service costs in all ('$700'), from the catalog. */
export function servicePriceIn(locale: string | undefined, service: ServiceType): string {
  return formatMoney(serviceTotal(service), locale);
}
