/**
 * The agency's two services and what each payment costs: the server's prices, never the browser's. Read by the
 * marketing pages and by payments alike, so it lives in the domain (marketing never imports payments); the services'
 * names and the prices as people read them are service-texts.ts. Pure: no server code.
 */
export type ServiceType = "google_business" | "website";

interface Service {
  type: ServiceType;
  /** How many payments the service is paid in, and the amount of each, in dollars. */
  payments: number;
  amountPerPayment: number;
}

export const SERVICE_CATALOG: Record<ServiceType, Service> = {
  google_business: { type: "google_business", payments: 1, amountPerPayment: 250 },
  website: { type: "website", payments: 2, amountPerPayment: 350 },
};

export const SERVICE_TYPES = Object.keys(SERVICE_CATALOG) as ServiceType[];

export function isServiceType(value: unknown): value is ServiceType {
  return typeof value === "string" && Object.hasOwn(SERVICE_CATALOG, value);
}

export function isValidPaymentNumber(service: ServiceType, paymentNumber: number): boolean {
  return Number.isInteger(paymentNumber) && paymentNumber >= 1 && paymentNumber <= SERVICE_CATALOG[service].payments;
}

/** The amount of one payment in dollars; throws for a payment the service does not have. */
export function paymentAmount(service: ServiceType, paymentNumber: number): number {
  if (!isValidPaymentNumber(service, paymentNumber)) {
    throw new RangeError(`${service} has no payment ${paymentNumber}`);
  }
  return SERVICE_CATALOG[service].amountPerPayment;
}

/** The amount of one payment in cents, as the card provider charges it. */
export function paymentAmountCents(service: ServiceType, paymentNumber: number): number {
  return Math.round(paymentAmount(service, paymentNumber) * 100);
}

/** What the whole service costs in dollars: every payment of it. */
export function serviceTotal(service: ServiceType): number {
  return SERVICE_CATALOG[service].payments * SERVICE_CATALOG[service].amountPerPayment;
}
