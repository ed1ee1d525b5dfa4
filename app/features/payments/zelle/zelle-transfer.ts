import type { I18n } from "@lingui/core";
import type { ServiceType } from "~/domain/service-catalog";
import { servicePaymentNameIn } from "~/domain/service-texts";

/**
 * The name the customer's transfer memo starts with: their company, or their full name when they have no company;
 * null when neither is known. Whoever matches transfers to customers reads it.
 */
export function memoName(
  profile: { fullName: string | null; companyName: string | null } | null | undefined,
): string | null {
  const company = profile?.companyName?.trim();
  if (company) return company;
  return profile?.fullName?.trim() || null;
}

/** What the customer writes in the transfer's memo: who pays and for what ('Acme Plumbing – Google Business Profile'). */
export function zelleMemo(i18n: I18n, payerName: string | null, service: ServiceType, paymentNumber: number): string {
  const what = servicePaymentNameIn(i18n, service, paymentNumber);
  return payerName ? `${payerName} – ${what}` : what;
}

/** The Zelle number as a banking app takes it pasted: digits (and a leading +) only; an e-mail address as it is. */
export function copyablePhone(phone: string): string {
  const trimmed = phone.trim();
  if (trimmed.includes("@")) return trimmed;
  const digits = trimmed.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return digits || trimmed;
}
