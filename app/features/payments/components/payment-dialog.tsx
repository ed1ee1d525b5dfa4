import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, CreditCard, Smartphone } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { notify } from "~/components/ui/toast";
import { formatMoney } from "~/lib/i18n/format";
import { translate } from "~/lib/i18n/translate";
import { paymentAmount, type ServiceType } from "~/domain/service-catalog";
import { proofFormSchema } from "../payments.schemas";
import { copyablePhone, zelleMemo } from "../zelle/zelle-transfer";
import { CopyButton } from "../zelle/components/copy-button";
import { ProofUploadForm } from "../zelle/components/proof-upload-form";
import { useZelleDetails } from "../zelle/components/use-zelle-details";
import { paymentPriceIn, paymentSubtitleIn } from "~/domain/service-texts";
import { ENDPOINTS } from "~/lib/http/endpoints";
import type { ActionResult } from "~/lib/http/forms";
import { PromotionCodeEntry } from "~/features/promotions/components/promotion-code-entry";
import type { PaymentQuote } from "~/features/promotions/promotion-views";

type Step = "choose" | "card" | "zelle";

export interface PaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  serviceType: ServiceType;
  paymentNumber: number;
  /** False when the server has no Stripe key: the dialog offers the Zelle transfer only. */
  cardEnabled: boolean;
  /** The button that opens the dialog; focus returns to it when the dialog closes. */
  trigger?: ReactNode;
}

/**
 * Asks the server for a Stripe Checkout url (a JSON call: the answer is where the browser goes next); a
 * refusal's message is the server's, else one of the checkout's own failure messages below.
 */
async function startCheckout(
  serviceType: ServiceType,
  paymentNumber: number,
  promotionCode: string | undefined,
): Promise<string> {
  const response = await fetch(ENDPOINTS.cardCheckout, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      serviceType,
      paymentNumber,
      returnPath: window.location.pathname,
      ...(promotionCode ? { promotionCode } : {}),
    }),
  });
  const data = (await response.json().catch(() => null)) as {
    ok?: unknown;
    url?: unknown;
    error?: { message?: unknown };
  } | null;
  if (!data) throw new Error(translate(msg`No response data from payment function`));
  if (!response.ok || data.ok === false || data.error) {
    const message = data.error?.message;
    throw new Error(typeof message === "string" && message ? message : translate(msg`Error creating payment session`));
  }
  if (typeof data.url !== "string" || !data.url) throw new Error(translate(msg`No checkout URL returned`));
  return data.url;
}

/** Where the dialog opens: the method choice, or the Zelle transfer when card payments are not configured. */
export function firstPaymentStep(cardEnabled: boolean): Step {
  return cardEnabled ? "choose" : "zelle";
}

export function PaymentDialog({
  open,
  onOpenChange,
  serviceType,
  paymentNumber,
  cardEnabled,
  trigger,
}: PaymentDialogProps) {
  // Without card payments there is nothing to choose: the dialog opens on the Zelle transfer.
  const firstStep = firstPaymentStep(cardEnabled);
  const [step, setStep] = useState<Step>(firstStep);
  // The server's price with the code the customer applied; it goes with the payment, which is priced again there.
  const [quote, setQuote] = useState<PaymentQuote | null>(null);
  const { t, i18n } = useLingui();
  const change = (next: boolean) => {
    if (!next) {
      setStep(firstStep);
      setQuote(null);
    }
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent title={t`Payment Required`} description={paymentSubtitleIn(i18n, serviceType, paymentNumber)}>
        <PaymentSteps
          step={step}
          onStep={setStep}
          cardEnabled={cardEnabled}
          serviceType={serviceType}
          paymentNumber={paymentNumber}
          onDone={() => change(false)}
          quote={quote}
          onQuote={setQuote}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The dialog's body at one step: the amount (with a promotion code: the list price struck through and what is left),
 * the promotion code's entry, then the method choice, the card step or the Zelle step; a code that takes the whole
 * price off leaves no method to choose, only 'Complete payment'. Without `onQuote` there is no code entry.
 */
export function PaymentSteps({
  step,
  onStep,
  cardEnabled,
  serviceType,
  paymentNumber,
  onDone,
  quote = null,
  onQuote,
}: {
  step: Step;
  onStep: (step: Step) => void;
  cardEnabled: boolean;
  serviceType: ServiceType;
  paymentNumber: number;
  onDone: () => void;
  quote?: PaymentQuote | null;
  onQuote?: (quote: PaymentQuote | null) => void;
}) {
  const { t, i18n } = useLingui();
  const listPrice = paymentPriceIn(i18n.locale, serviceType, paymentNumber);
  const amount = quote ? formatMoney(quote.amount, i18n.locale) : listPrice;
  const promotionCode = quote?.promotionCode;
  // Back to the choice only when there was one.
  const back = cardEnabled ? () => onStep("choose") : undefined;
  return (
    <>
      <div className="space-y-1">
        <p className="flex flex-wrap items-baseline gap-x-3">
          {quote ? (
            <span className="text-lg text-slate-500">
              <span className="sr-only">{t`List price:`} </span>
              <s data-testid="payment-list-price">{listPrice}</s>
            </span>
          ) : null}
          {quote ? <span className="sr-only">{t`Amount to pay:`} </span> : null}
          <span className="text-3xl font-bold text-slate-900" data-testid="payment-amount">
            {amount}
          </span>
        </p>
        {onQuote ? (
          <PromotionCodeEntry serviceType={serviceType} paymentNumber={paymentNumber} quote={quote} onQuote={onQuote} />
        ) : null}
      </div>
      {quote && quote.amount === 0 ? (
        <FreePaymentStep
          serviceType={serviceType}
          paymentNumber={paymentNumber}
          promotionCode={quote.promotionCode}
          onDone={onDone}
        />
      ) : step === "choose" && cardEnabled ? (
        <MethodChoice cardEnabled={cardEnabled} onChoose={onStep} />
      ) : step === "card" && cardEnabled ? (
        <CardStep
          amount={amount}
          cardEnabled={cardEnabled}
          serviceType={serviceType}
          paymentNumber={paymentNumber}
          promotionCode={promotionCode}
          onBack={() => onStep("choose")}
        />
      ) : (
        <>
          {cardEnabled ? null : (
            <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-700" data-testid="card-unavailable">
              {t`Card payments are not available at the moment: pay by Zelle bank transfer and upload a photo of its confirmation.`}
            </p>
          )}
          <ZelleStep
            amount={amount}
            rawAmount={(quote?.amount ?? paymentAmount(serviceType, paymentNumber)).toFixed(2)}
            serviceType={serviceType}
            paymentNumber={paymentNumber}
            promotionCode={promotionCode}
            onBack={back}
            onDone={onDone}
          />
        </>
      )}
    </>
  );
}

/**
 * A payment a promotion code makes free: nothing to send and no card to charge, so 'Complete payment' asks the server
 * to complete it (the code checked there again); the page's data reloads after it and the payment's page unlocks.
 */
function FreePaymentStep({
  serviceType,
  paymentNumber,
  promotionCode,
  onDone,
}: {
  serviceType: ServiceType;
  paymentNumber: number;
  promotionCode: string;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== "idle";
  useActionToast(fetcher.data, { onSuccess: onDone });
  return (
    <fetcher.Form method="post" action={ENDPOINTS.freePayment} className="space-y-4">
      <input type="hidden" name="serviceType" value={serviceType} />
      <input type="hidden" name="paymentNumber" value={String(paymentNumber)} />
      <input type="hidden" name="promotionCode" value={promotionCode} />
      <p className="text-sm text-slate-700">{t`Your promotion code covers the whole price: there is nothing to pay.`}</p>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? t`Completing...` : t`Complete payment`}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export function MethodChoice({ cardEnabled, onChoose }: { cardEnabled: boolean; onChoose: (step: Step) => void }) {
  const { t } = useLingui();
  const option =
    "flex w-full items-start gap-3 rounded-lg border border-slate-200 p-4 text-left hover:border-blue-600 hover:bg-blue-50 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none";
  return (
    <div className="space-y-3" role="group" aria-label={t`Choose a payment method`}>
      <p className="text-sm font-medium text-slate-800">{t`Choose a payment method`}</p>
      <button type="button" className={option} onClick={() => onChoose("card")}>
        <CreditCard aria-hidden="true" className="mt-0.5 size-5 text-blue-700" />
        <span>
          <span className="block font-semibold text-slate-900">{t`Credit/Debit Card`}</span>
          <span className="block text-sm text-slate-600">
            {cardEnabled ? t`Pay securely online with your card` : t`Card payments are not configured`}
          </span>
        </span>
      </button>
      <button type="button" className={option} onClick={() => onChoose("zelle")}>
        <Smartphone aria-hidden="true" className="mt-0.5 size-5 text-purple-700" />
        <span>
          <span className="block font-semibold text-slate-900">{t`Zelle Transfer`}</span>
          <span className="block text-sm text-slate-600">{t`Send a transfer and upload a photo of the confirmation`}</span>
        </span>
      </button>
    </div>
  );
}

function BackButton({ onBack, disabled }: { onBack: () => void; disabled?: boolean }) {
  return (
    <Button type="button" variant="outline" onClick={onBack} disabled={disabled}>
      <ArrowLeft aria-hidden="true" />
      <Trans>Back</Trans>
    </Button>
  );
}

export function CardStep({
  amount,
  cardEnabled,
  serviceType,
  paymentNumber,
  promotionCode,
  onBack,
}: {
  amount: string;
  cardEnabled: boolean;
  serviceType: ServiceType;
  paymentNumber: number;
  /** The applied code: the checkout is priced with it on the server. */
  promotionCode?: string;
  onBack: () => void;
}) {
  const [pending, setPending] = useState(false);
  const { t } = useLingui();
  const proceed = async () => {
    setPending(true);
    try {
      const url = await startCheckout(serviceType, paymentNumber, promotionCode);
      window.location.assign(url);
    } catch (error) {
      notify.error(error instanceof Error && error.message ? error.message : t`Error creating payment session`);
      setPending(false);
    }
  };
  return (
    <div className="space-y-4">
      {cardEnabled ? (
        <p className="text-sm text-slate-700">
          <Trans>
            You will be taken to our secure card payment page (Stripe) to pay {amount} with a credit or debit card. When
            the payment is confirmed, this page unlocks automatically.
          </Trans>
        </p>
      ) : (
        <p className="text-sm text-slate-700" role="status">
          <Trans>Card payments are not configured. Please pay by Zelle Transfer.</Trans>
        </p>
      )}
      <div className="flex justify-between gap-2">
        <BackButton onBack={onBack} disabled={pending} />
        {cardEnabled ? (
          <Button type="button" onClick={() => void proceed()} disabled={pending}>
            {pending ? t`Redirecting...` : t`Continue`}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function ZelleStep({
  amount,
  rawAmount,
  serviceType,
  paymentNumber,
  promotionCode,
  onBack,
  onDone,
}: {
  /** What to send (less an applied code's discount), as shown and as copied. */
  amount: string;
  rawAmount: string;
  serviceType: ServiceType;
  paymentNumber: number;
  /** The applied code, sent with the proof: the server prices the payment with it again. */
  promotionCode?: string;
  /** Undefined when the Zelle transfer is the only way to pay (no card payments): nothing to go back to. */
  onBack?: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const zelle = useZelleDetails();
  const memo = zelleMemo(i18n, zelle.payerName, serviceType, paymentNumber);
  return (
    <ProofUploadForm
      schema={proofFormSchema}
      fields={{ serviceType, paymentNumber: String(paymentNumber), ...(promotionCode ? { promotionCode } : {}) }}
      success={{ title: t`Payment Submitted`, description: t`Your Zelle proof has been sent for review` }}
      onDone={onDone}
      leftButton={onBack ? (pending) => <BackButton onBack={onBack} disabled={pending} /> : undefined}
    >
      <div className="space-y-3 rounded-lg bg-purple-50 p-4 text-sm text-slate-800" data-testid="zelle-details">
        <p>{t`Send the transfer by Zelle with these details:`}</p>
        <dl className="space-y-3">
          <div>
            <dt className="text-slate-600">{t`Recipient`}</dt>
            <dd className="font-semibold text-slate-900" data-testid="zelle-recipient">
              {zelle.recipientName}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t`Zelle number`}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <span className="text-lg font-semibold text-slate-900" data-testid="zelle-phone">
                {zelle.phone}
              </span>
              <CopyButton value={copyablePhone(zelle.phone)} label={t`Copy the Zelle number`} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t`Amount`}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <span className="text-lg font-semibold text-slate-900" data-testid="zelle-amount">
                {amount}
              </span>
              <CopyButton value={rawAmount} label={t`Copy the amount`} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t`Memo (write this in the transfer's note)`}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <span className="font-semibold break-words text-slate-900" data-testid="zelle-memo">
                {memo}
              </span>
              <CopyButton value={memo} label={t`Copy the memo`} />
            </dd>
          </div>
        </dl>
        <p>{t`Then upload a photo or screenshot of the transfer confirmation.`}</p>
      </div>
    </ProofUploadForm>
  );
}
