import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Clock, Lock, XCircle } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent } from "~/components/ui/card";
import { notify } from "~/components/ui/toast";
import { translate } from "~/lib/i18n/translate";
import type { ServiceType } from "~/domain/service-catalog";
import { paymentPriceIn } from "~/domain/service-texts";
import { gateState } from "../payment-state";
import { PayButton } from "./pay-button";
import { RejectedPaymentActions, RejectionReason, type RejectedPayment } from "./rejected-payment";

export { PayButton } from "./pay-button";

export interface GatedPayment {
  serviceType: ServiceType;
  paymentNumber: number;
  /** The newest payment for this service and number, or null when there is none (a rejected one: why, and its id). */
  payment: ({ status: string } & RejectedPayment) | null;
  cardEnabled: boolean;
}

/**
 * Shows the page only once its payment is completed (a partly refunded one still is). Otherwise: no payment asks to
 * pay, and so does one refunded in full (saying so), pending says an administrator is reviewing it, rejected offers
 * to try again. Unknown statuses show as pending.
 */
export function PaymentGate({
  prompt,
  children,
  ...gated
}: GatedPayment & { prompt?: ReactNode; children: ReactNode }) {
  useCheckoutReturnNotice();
  const { t, i18n } = useLingui();
  const state = gateState(gated.payment);
  if (state === "completed") return <>{children}</>;
  const amount = paymentPriceIn(i18n.locale, gated.serviceType, gated.paymentNumber);
  return (
    <Card className="mx-auto max-w-xl" data-testid="payment-gate" data-state={state}>
      <CardContent className="flex flex-col items-center gap-4 pt-8 pb-8 text-center">
        {state === "none" || state === "refunded" ? (
          <>
            <Lock aria-hidden="true" className="size-10 text-blue-700" />
            <h2 className="text-xl font-semibold text-slate-900">{t`Payment required to continue`}</h2>
            {state === "refunded" ? (
              <p className="text-slate-700" data-testid="payment-refunded-note">
                {t`Your payment was refunded in full, so this page is locked again.`}
              </p>
            ) : null}
            {prompt ? <div className="text-slate-700">{prompt}</div> : null}
            <PayButton
              serviceType={gated.serviceType}
              paymentNumber={gated.paymentNumber}
              cardEnabled={gated.cardEnabled}
            >
              {t`Pay ${amount}`}
            </PayButton>
          </>
        ) : state === "pending" ? (
          <>
            <Clock aria-hidden="true" className="size-10 text-yellow-600" />
            <Badge tone="yellow">{t`Payment Pending Review`}</Badge>
            <p className="text-slate-700">
              <Trans>The administrator is reviewing your payment and will notify you as soon as it is approved.</Trans>
            </p>
          </>
        ) : (
          <>
            <XCircle aria-hidden="true" className="size-10 text-red-600" />
            <Badge tone="red">{t`Payment Rejected`}</Badge>
            <p className="text-slate-700">{t`Your payment could not be confirmed. Please try again.`}</p>
            <RejectionReason
              reason={gated.payment?.rejectionReason}
              className="max-w-prose rounded-md bg-red-50 px-3 py-2 text-left text-sm text-red-900"
            />
            <RejectedPaymentActions
              payment={gated.payment ?? {}}
              serviceType={gated.serviceType}
              paymentNumber={gated.paymentNumber}
              cardEnabled={gated.cardEnabled}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Back from Stripe's page: the payment itself is recorded by the webhook (never by this return), so this
 * only tells the customer what happens next and tidies the address.
 */
function useCheckoutReturnNotice(): void {
  const [params, setParams] = useSearchParams();
  const checkout = params.get("checkout");
  useEffect(() => {
    if (!checkout) return;
    if (checkout === "success")
      notify.success(
        translate(msg`Payment received`),
        translate(msg`Your card payment is being confirmed; this page updates by itself.`),
      );
    else if (checkout === "cancelled")
      notify.info(translate(msg`Payment cancelled`), translate(msg`No charge was made.`));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("checkout");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [checkout, setParams]);
}
