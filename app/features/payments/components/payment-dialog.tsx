import { getFormProps } from "@conform-to/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, CreditCard, Smartphone } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { Input, Label } from "~/components/ui/input";
import { notify } from "~/components/ui/toast";
import type { ActionResult } from "~/lib/http/forms";
import { formatMoney } from "~/lib/i18n/format";
import { translate } from "~/lib/i18n/translate";
import { paymentAmount, type ServiceType } from "~/domain/service-catalog";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useSiteConfig } from "~/lib/config/use-site-config";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { proofFormSchema } from "../payments.schemas";
import { paymentSubtitleIn } from "~/domain/service-texts";
import { ENDPOINTS } from "~/lib/http/endpoints";


type Step = "choose" | "card" | "zelle";

export interface PaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  serviceType: ServiceType;
  paymentNumber: number;
  /** False when the server has no Stripe key: the card option says so and Zelle still works. */
  cardEnabled: boolean;
  /** The button that opens the dialog; focus returns to it when the dialog closes. */
  trigger?: ReactNode;
}

/**
 * Asks the server for a Stripe Checkout url (a JSON call: the answer is where the browser goes next); a
 * refusal's message is the server's, else one of the checkout's own failure messages below.
 */
async function startCheckout(serviceType: ServiceType, paymentNumber: number): Promise<string> {
  const response = await fetch(ENDPOINTS.cardCheckout, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ serviceType, paymentNumber, returnPath: window.location.pathname }),
  });
  const data = (await response.json().catch(() => null)) as { ok?: unknown; url?: unknown; error?: { message?: unknown } } | null;
  if (!data) throw new Error(translate(msg`No response data from payment function`));
  if (!response.ok || data.ok === false || data.error) {
    const message = data.error?.message;
    throw new Error(typeof message === "string" && message ? message : translate(msg`Error creating payment session`));
  }
  if (typeof data.url !== "string" || !data.url) throw new Error(translate(msg`No checkout URL returned`));
  return data.url;
}

export function PaymentDialog({
  open,
  onOpenChange,
  serviceType,
  paymentNumber,
  cardEnabled,
  trigger,
}: PaymentDialogProps) {
  const [step, setStep] = useState<Step>("choose");
  const { t, i18n } = useLingui();
  const amount = formatMoney(paymentAmount(serviceType, paymentNumber), i18n.locale);
  const change = (next: boolean) => {
    if (!next) setStep("choose");
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent title={t`Payment Required`} description={paymentSubtitleIn(i18n, serviceType, paymentNumber)}>
        <p className="text-3xl font-bold text-slate-900" data-testid="payment-amount">
          {amount}
        </p>
        {step === "choose" ? (
          <MethodChoice cardEnabled={cardEnabled} onChoose={setStep} />
        ) : step === "card" ? (
          <CardStep
            amount={amount}
            cardEnabled={cardEnabled}
            serviceType={serviceType}
            paymentNumber={paymentNumber}
            onBack={() => setStep("choose")}
          />
        ) : (
          <ZelleStep
            amount={amount}
            serviceType={serviceType}
            paymentNumber={paymentNumber}
            onBack={() => setStep("choose")}
            onDone={() => change(false)}
          />
        )}
      </DialogContent>
    </Dialog>
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
  onBack,
}: {
  amount: string;
  cardEnabled: boolean;
  serviceType: ServiceType;
  paymentNumber: number;
  onBack: () => void;
}) {
  const [pending, setPending] = useState(false);
  const { t } = useLingui();
  const proceed = async () => {
    setPending(true);
    try {
      const url = await startCheckout(serviceType, paymentNumber);
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
            You will be taken to our secure card payment page (Stripe) to pay {amount} with a credit or debit card.
            When the payment is confirmed, this page unlocks automatically.
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
  serviceType,
  paymentNumber,
  onBack,
  onDone,
}: {
  amount: string;
  serviceType: ServiceType;
  paymentNumber: number;
  onBack: () => void;
  onDone: () => void;
}) {
  const { zellePhone } = useSiteConfig();
  const { t } = useLingui();
  const inputId = useId();
  const fetcher = useFetcher<ActionResult>();
  const [hasFile, setHasFile] = useState(false);
  const pending = fetcher.state !== "idle";
  // The action answers { ok: true } or { ok: false, error }; a success closes the dialog, and the page's
  // data reloads by itself after the fetcher's submission.
  useActionToast(fetcher.data, {
    success: { title: t`Payment Submitted`, description: t`Your Zelle proof has been sent for review` },
    onSuccess: onDone,
  });
  const [form, fields] = useValidatedForm({ schema: proofFormSchema });
  const proofError = fields.proof.errors?.[0];

  return (
    <fetcher.Form
      method="post"
      action={ENDPOINTS.paymentProof}
      encType="multipart/form-data"
      className="space-y-4"
      {...getFormProps(form)}
    >
      <input type="hidden" name="serviceType" value={serviceType} />
      <input type="hidden" name="paymentNumber" value={paymentNumber} />
      <div className="rounded-lg bg-purple-50 p-4 text-sm text-slate-800">
        <p>
          <Trans>
            Send <strong>{amount}</strong> by Zelle to:
          </Trans>
        </p>
        <p className="mt-1 text-lg font-semibold" data-testid="zelle-phone">
          {zellePhone}
        </p>
        <p className="mt-2">{t`Then upload a photo or screenshot of the transfer confirmation.`}</p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={inputId}>{t`Proof of payment photo`}</Label>
        <Input
          id={inputId}
          name={fields.proof.name}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          required
          aria-invalid={proofError ? true : undefined}
          aria-describedby={[proofError ? fields.proof.errorId : null, `${inputId}-hint`].filter(Boolean).join(" ")}
          onChange={(event) => setHasFile(Boolean(event.currentTarget.files?.length))}
        />
        <p id={`${inputId}-hint`} className="text-xs text-slate-600">
          {t`JPEG, PNG or WebP, up to 10MB.`}
        </p>
        {proofError ? (
          <p id={fields.proof.errorId} className="text-sm text-red-700">
            {proofError}
          </p>
        ) : null}
      </div>
      <div className="flex justify-between gap-2">
        <BackButton onBack={onBack} disabled={pending} />
        <Button type="submit" disabled={!hasFile || pending}>
          {pending ? t`Submitting...` : t`Submit Proof`}
        </Button>
      </div>
    </fetcher.Form>
  );
}
