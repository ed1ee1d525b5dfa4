/** The promotion shapes the screens render: plain data, safe to import from components. */
import type { ServiceType } from "~/domain/service-catalog";
import { formatMoney } from "~/lib/i18n/format";
import { intlLocale } from "~/lib/i18n/translate";
import type { PromotionKind } from "./promotions.schemas";

/** One code as the Promotions tab lists it. */
export interface PromotionCodeView {
  id: string;
  code: string;
  kind: PromotionKind;
  percentOff: number | null;
  amountOff: number | null;
  serviceTypes: ServiceType[];
  /** The last day it works (inclusive), YYYY-MM-DD; null: no end. */
  expiresOn: string | null;
  maxUses: number | null;
  /** Payments naming it that were not rejected. */
  uses: number;
  deactivated: boolean;
  /** Past its last day when the list was read. */
  expired: boolean;
  createdAt: string;
}

/** Where a code stands: deactivated by an admin, past its last day, or usable. */
export type PromotionState = "active" | "expired" | "inactive";

export function promotionState(code: Pick<PromotionCodeView, "deactivated" | "expired">): PromotionState {
  if (code.deactivated) return "inactive";
  return code.expired ? "expired" : "active";
}

/** The discount as the list shows it: '20%' or '$50'. */
export function discountLabel(
  code: Pick<PromotionCodeView, "kind" | "percentOff" | "amountOff">,
  locale: string,
): string {
  if (code.kind === "percent") {
    return new Intl.NumberFormat(intlLocale(locale), { style: "percent", maximumFractionDigits: 0 }).format(
      (code.percentOff ?? 0) / 100,
    );
  }
  return formatMoney(code.amountOff ?? 0, locale);
}

/** The uses as the list shows them: 'n / max', or 'n' without a maximum. */
export function usesLabel(code: Pick<PromotionCodeView, "uses" | "maxUses">): string {
  return code.maxUses === null ? String(code.uses) : `${code.uses} / ${code.maxUses}`;
}

/** What a payment costs with a code, as the server priced it: the dialog shows it, the server prices the payment again. */
export interface PaymentQuote {
  listPrice: number;
  discount: number;
  amount: number;
  /** The code as the admin stored it (the customer may have typed it in another case). */
  promotionCode: string;
}
