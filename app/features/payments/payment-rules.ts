import { formatDollars, paymentSubtitle, SERVICE_CATALOG, type ServiceType } from "~/lib/service-catalog";

/** The largest proof of payment photo accepted, in bytes (10 MB). */
export const MAX_PROOF_BYTES = 10 * 1024 * 1024;

/** Proof photos are accepted only when their bytes are one of these image formats. */
export const PROOF_IMAGE_TYPES: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

export const PROOF_MESSAGES = {
  missing: "Please select a proof of payment photo",
  notImage: "The proof of payment must be a JPEG, PNG or WebP image",
  tooLarge: "The proof of payment photo must be smaller than 10MB",
} as const;

interface ExistingPayment {
  serviceType: string;
  paymentNumber: number;
  status: string;
}

/**
 * Why a new payment (proof or card checkout) may not start now, or null when it may: one live (pending
 * or completed) payment per service and number, and website payment 2 only after payment 1 is completed.
 * A rejected payment may be paid again.
 */
export function paymentRefusal(
  existing: readonly ExistingPayment[],
  service: ServiceType,
  paymentNumber: number,
): string | null {
  const same = existing.filter((p) => p.serviceType === service && p.paymentNumber === paymentNumber);
  const label = paymentSubtitle(service, paymentNumber);
  if (same.some((p) => p.status === "completed")) return `${label} is already paid`;
  // Anything not completed or rejected counts as pending, as the screens show it.
  if (same.some((p) => p.status !== "rejected")) return `A payment for ${label} is already pending review`;
  if (paymentNumber > 1) {
    const previous = existing.some(
      (p) => p.serviceType === service && p.paymentNumber === paymentNumber - 1 && p.status === "completed",
    );
    if (!previous)
      return `Payment ${paymentNumber - 1} of ${SERVICE_CATALOG[service].payments} must be completed before payment ${paymentNumber}`;
  }
  return null;
}

/** Where a proof photo is stored in the admin-note-photos bucket: `{userId}/{serviceType}_payment_{n}_{timestamp}.{ext}`. */
export function proofKey(
  userId: string,
  service: ServiceType,
  paymentNumber: number,
  timestamp: number,
  ext: string,
): string {
  return `${userId}/${service}_payment_${paymentNumber}_${timestamp}.${ext}`;
}

/** The admins' notification when a customer sends a Zelle proof (spec section 7). */
export function proofNotificationMessage(
  profile: { fullName: string; companyName: string | null },
  service: ServiceType,
  paymentNumber: number,
  amount: number,
): string {
  const who = profile.companyName?.trim() ? `${profile.fullName} from ${profile.companyName.trim()}` : profile.fullName;
  const what = service === "google_business" ? "Google Business Profile" : `Website (Payment ${paymentNumber})`;
  return `${who} submitted a Zelle payment of ${formatDollars(amount)} for ${what}`;
}

export const PROOF_NOTIFICATION_TITLE = "New Payment Received (Zelle)";

const DASHBOARD_PAGE = /^\/dashboard(\/[a-z][a-z-]*)?$/;
export const DEFAULT_CHECKOUT_RETURN = "/dashboard/progress";

/** The page a card checkout returns to: a /dashboard page the customer came from, anything else the default. */
export function checkoutReturnPath(value: unknown): string {
  return typeof value === "string" && DASHBOARD_PAGE.test(value) ? value : DEFAULT_CHECKOUT_RETURN;
}
