import { getFormProps } from "@conform-to/react";
import { useLingui } from "@lingui/react/macro";
import { useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Input, Label } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/http/forms";
import { formatMoney } from "~/lib/i18n/format";
import {
  amountText,
  fromCents,
  fullRefundConsequence,
  isRefundable,
  REFUND_PAYMENT_INTENT,
  REFUND_REASON_MAX,
  refundDialogSchema,
  remainingRefundCents,
  toCents,
} from "../payment-refunds";
import type { AdminPaymentView } from "../refund-views";

/** The card refunds still waiting for Stripe, in cents: promised already, so not refundable again. */
function pendingCentsOf(payment: AdminPaymentView): number {
  return payment.refunds
    .filter((refund) => refund.status === "pending")
    .reduce((sum, refund) => sum + toCents(refund.amount), 0);
}

/** Cents of what the admin typed ('125', '125.5', '125.50'), or null while it is not an amount. */
function typedCents(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? toCents(Number(trimmed)) : null;
}

/**
 * A completed payment's 'Refund' button and its dialog: how much (all that is left unless changed, never more) and
 * why (required: the customer reads it). Before the admin confirms, the dialog says when the refund empties the
 * payment and what that locks again, and how the money goes back (Stripe for a card, a Zelle transfer made outside
 * the portal otherwise). Posts `intent=refund-payment` to the customer's page; closes on success.
 */
export function RefundPayment({ payment, title }: { payment: AdminPaymentView; title: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const pendingCents = pendingCentsOf(payment);
  if (!isRefundable(payment, pendingCents)) return null;
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="refund-button">
        {t`Refund`}
        <span className="sr-only">: {title}</span>
      </Button>
      {open ? (
        <RefundDialog
          payment={payment}
          title={title}
          remainingCents={remainingRefundCents(payment, pendingCents)}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function RefundDialog({
  payment,
  title,
  remainingCents,
  onClose,
}: {
  payment: AdminPaymentView;
  title: string;
  remainingCents: number;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  useActionToast(fetcher.data, { onSuccess: onClose });
  const schema = useMemo(() => refundDialogSchema(remainingCents), [remainingCents]);
  const [form, fields] = useValidatedForm({ schema, id: `refund-${payment.id}` });
  // Empty at first: a refund of the whole amount left is chosen (its button), never sent because the field started on it.
  const [amount, setAmount] = useState("");
  const amountRef = useRef<HTMLInputElement>(null);
  const cents = typedCents(amount);
  const full = cents === remainingCents;
  const money = (value: number) => formatMoney(value, i18n.locale);
  const left = money(fromCents(remainingCents));
  const paid = money(payment.amount);
  const byCard = payment.paymentMethod === "card";
  const amountId = `refund-amount-${payment.id}`;
  const reasonId = `refund-reason-${payment.id}`;
  const amountError = fields.amount.errors?.[0];
  const reasonError = fields.reason.errors?.[0];

  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent
        title={t`Refund this payment?`}
        description={t`${title}: ${paid} paid, ${left} left to refund.`}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          amountRef.current?.focus();
        }}
        data-testid="refund-dialog"
      >
        <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value={REFUND_PAYMENT_INTENT} />
          <input type="hidden" name="paymentId" value={payment.id} />
          <div className="space-y-1.5">
            <Label htmlFor={amountId}>{t`Amount to refund (US dollars)`}</Label>
            <Input
              ref={amountRef}
              id={amountId}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              disabled={busy}
              required
              aria-invalid={amountError ? true : undefined}
              aria-describedby={[`${amountId}-hint`, amountError ? fields.amount.errorId : null]
                .filter(Boolean)
                .join(" ")}
            />
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <p id={`${amountId}-hint`} className="text-xs text-slate-600">
                {t`At most ${left}. A smaller amount makes a partial refund.`}
              </p>
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto p-0"
                disabled={busy}
                onClick={() => {
                  setAmount(amountText(remainingCents));
                  amountRef.current?.focus();
                }}
              >
                {t`Refund all that is left (${left})`}
              </Button>
            </div>
            {amountError ? (
              <p id={fields.amount.errorId} className="text-sm text-red-700">
                {amountError}
              </p>
            ) : null}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={reasonId}>{t`Reason for the refund (required)`}</Label>
            <Textarea
              id={reasonId}
              name="reason"
              maxLength={REFUND_REASON_MAX}
              disabled={busy}
              required
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={[`${reasonId}-hint`, reasonError ? fields.reason.errorId : null]
                .filter(Boolean)
                .join(" ")}
            />
            <p id={`${reasonId}-hint`} className="text-xs text-slate-600">
              {t`The customer reads it in their notification and on their receipt.`}
            </p>
            {reasonError ? (
              <p id={fields.reason.errorId} className="text-sm text-red-700">
                {reasonError}
              </p>
            ) : null}
          </div>
          {/* Read out as it changes: typing the whole amount left is what makes the refund lock the page again. */}
          <div aria-live="polite" className="space-y-2 text-sm">
            {full ? (
              <p
                className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 font-medium text-amber-950"
                data-testid="full-refund-warning"
              >
                {fullRefundConsequence(i18n, payment.serviceType, payment.paymentNumber)}
              </p>
            ) : null}
          </div>
          <p className="text-sm text-slate-700">
            {byCard
              ? t`The money goes back to the customer's card through Stripe. The refund shows as pending until Stripe confirms it.`
              : t`Send the money back by Zelle yourself: the portal records the refund and tells the customer.`}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              {t`Cancel`}
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? t`Refunding...` : cents !== null && cents > 0 ? t`Refund ${money(fromCents(cents))}` : t`Refund`}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
