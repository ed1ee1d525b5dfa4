import { UPLOAD_KINDS } from "~/domain/upload-kinds";
import type { I18n } from "@lingui/core";
import { AppError } from "~/lib/http/app-error";
import { CUSTOMER_HOME } from "~/lib/http/paths";
import { paymentSubtitleIn } from "~/domain/service-texts";
import { SERVICE_CATALOG, type ServiceType } from "~/domain/service-catalog";

/** A proof photo's limit and messages: the uploads module's "payment-proof" kind. */
export const MAX_PROOF_BYTES = UPLOAD_KINDS["payment-proof"].maxBytes;
export const PROOF_MESSAGES = UPLOAD_KINDS["payment-proof"].messages;

interface ExistingPayment {
  serviceType: string | null;
  paymentNumber: number;
  status: string;
}

/** A payment that no longer counts (rejected, or refunded in full): the customer may pay for it again. */
function isClosed(status: string): boolean {
  return status === "rejected" || status === "refunded";
}

/**
 * Why a new payment (proof or card checkout) may not start now, or null when it may: one live (pending
 * or completed) payment per service and number, and website payment 2 only after payment 1 is completed.
 * A rejected payment, or one refunded in full, may be paid again; a partly refunded one is still paid.
 */
export function paymentRefusal(
  existing: readonly ExistingPayment[],
  service: ServiceType,
  paymentNumber: number,
): AppError | null {
  const same = existing.filter((p) => p.serviceType === service && p.paymentNumber === paymentNumber);
  const payment = (i18n: I18n) => paymentSubtitleIn(i18n, service, paymentNumber);
  if (same.some((p) => p.status === "completed")) return new AppError("payment_already_paid", { values: { payment } });
  // Anything not completed, rejected or refunded counts as pending, as the screens show it.
  if (same.some((p) => !isClosed(p.status))) return new AppError("payment_pending_review", { values: { payment } });
  if (paymentNumber > 1) {
    const previous = existing.some(
      (p) => p.serviceType === service && p.paymentNumber === paymentNumber - 1 && p.status === "completed",
    );
    if (!previous) {
      const values = { previous: paymentNumber - 1, total: SERVICE_CATALOG[service].payments, number: paymentNumber };
      return new AppError("payment_out_of_order", { values });
    }
  }
  return null;
}

/**
 * The stored proof's file-name stem, `{serviceType}_payment_{n}`: the proof lands in the admin-note-photos bucket at
 * `{userId}/{stem}_{timestamp}_{random}.{ext}` (app/domain/upload-kinds.ts, uploadKey).
 */
export function proofStem(service: ServiceType, paymentNumber: number): string {
  return `${service}_payment_${paymentNumber}`;
}

const DASHBOARD_PAGE = /^\/dashboard(\/[a-z][a-z-]*)?$/;
export const DEFAULT_CHECKOUT_RETURN = CUSTOMER_HOME;

/** The page a card checkout returns to: a /dashboard page the customer came from, anything else the default. */
export function checkoutReturnPath(value: unknown): string {
  return typeof value === "string" && DASHBOARD_PAGE.test(value) ? value : DEFAULT_CHECKOUT_RETURN;
}
