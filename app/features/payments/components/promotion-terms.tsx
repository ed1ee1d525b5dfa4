import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "~/lib/i18n/format";

/**
 * The 'Promotion' line of a payment being decided or looked back on (a `dt` and its `dd`, inside the caller's `dl`):
 * the code and what it took off the list price, so a proof for less than the price is read as what it is. Nothing
 * when no code took part.
 */
export function PromotionTerms({
  payment,
}: {
  payment: { amount: number; discount: number; promotionCode: string | null };
}) {
  const { t, i18n } = useLingui();
  if (!(payment.discount > 0 && payment.promotionCode)) return null;
  const code = payment.promotionCode;
  const discount = formatMoney(payment.discount, i18n.locale);
  const listPrice = formatMoney(payment.amount + payment.discount, i18n.locale);
  return (
    <>
      <dt className="text-slate-600">{t`Promotion`}</dt>
      <dd className="text-slate-900" data-testid="payment-promotion">
        {t`Code ${code}: -${discount} off the list price of ${listPrice}`}
      </dd>
    </>
  );
}
