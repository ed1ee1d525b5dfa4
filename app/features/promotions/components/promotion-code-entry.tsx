import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import type { ServiceType } from "~/domain/service-catalog";
import { ENDPOINTS } from "~/lib/http/endpoints";
import { formatMoney } from "~/lib/i18n/format";
import { translate } from "~/lib/i18n/translate";
import type { PaymentQuote } from "../promotion-views";

/**
 * Asks the server what the payment costs with this code (the quote endpoint; nothing is recorded). The refusal's
 * message is the server's, in the customer's language ('Invalid or expired code' for any code that cannot be applied).
 */
async function requestQuote(
  serviceType: ServiceType,
  paymentNumber: number,
  promotionCode: string,
): Promise<PaymentQuote> {
  const body = new URLSearchParams({ serviceType, paymentNumber: String(paymentNumber), promotionCode });
  const response = await fetch(ENDPOINTS.paymentQuote, {
    method: "POST",
    headers: { accept: "application/json" },
    body,
  });
  const data = (await response.json().catch(() => null)) as {
    ok?: unknown;
    quote?: PaymentQuote;
    error?: { message?: unknown };
  } | null;
  if (data?.ok === true && data.quote) return data.quote;
  const message = data?.error?.message;
  throw new Error(
    typeof message === "string" && message ? message : translate(msg`The code could not be checked. Please try again.`),
  );
}

/**
 * The payment dialog's promotion code, under the amount: 'Have a promotion code?' opens the 'Promotion code' field and
 * its 'Apply' button; the server's quote replaces the amount the dialog shows (the dialog strikes the list price
 * through), and the code goes with the payment, which the server prices again. An applied code can be removed.
 */
export function PromotionCodeEntry({
  serviceType,
  paymentNumber,
  quote,
  onQuote,
  disabled = false,
}: {
  serviceType: ServiceType;
  paymentNumber: number;
  quote: PaymentQuote | null;
  onQuote: (quote: PaymentQuote | null) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  if (quote) {
    const code = quote.promotionCode;
    const discount = formatMoney(quote.discount, i18n.locale);
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="promotion-applied">
        <p role="status" className="font-medium text-green-800">
          {t`${code} applied: -${discount}`}
        </p>
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto px-0"
          disabled={disabled}
          onClick={() => {
            onQuote(null);
            setOpen(true);
          }}
        >
          {t`Remove code`}
        </Button>
      </div>
    );
  }

  if (!open) {
    return (
      <Button
        type="button"
        variant="link"
        size="sm"
        className="h-auto self-start px-0"
        aria-expanded={false}
        onClick={() => setOpen(true)}
        disabled={disabled}
      >
        {t`Have a promotion code?`}
      </Button>
    );
  }

  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = input.current?.value.trim() ?? "";
    if (!code) {
      setError(t`Please enter a promotion code`);
      input.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      onQuote(await requestQuote(serviceType, paymentNumber, code));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t`The code could not be checked. Please try again.`);
      input.current?.focus();
    } finally {
      setPending(false);
    }
  };
  const errorId = `${id}-error`;
  return (
    <form className="space-y-1.5" onSubmit={(event) => void apply(event)} noValidate data-testid="promotion-code-form">
      <Label htmlFor={id}>{t`Promotion code`}</Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={id}
          name="promotionCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={() => setError(null)}
          disabled={disabled}
        />
        <Button type="submit" variant="outline" disabled={pending || disabled}>
          {pending ? t`Applying...` : t`Apply`}
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
