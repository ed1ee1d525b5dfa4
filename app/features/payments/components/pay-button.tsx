import { useEffect, useEffectEvent, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { onDemand, useOnDemand } from "~/components/on-demand";
import { Button } from "~/components/ui/button";
import type { ServiceType } from "~/domain/service-catalog";
import { PAY_PARAM } from "~/lib/http/paths";

// The dialog (the method choice, the promotion code, the Zelle proof form) is fetched when first wanted.
const paymentDialog = onDemand(() => import("./payment-dialog").then((module) => module.PaymentDialog));

/** The button that took the page's `?pay=`, until the parameter is gone: one dialog opens however many buttons match. */
let payParamTakenBy: object | null = null;

/**
 * A page reached with `?pay=<n>` (a reminder's link, `payPath`) opens the dialog of payment n: the first button of
 * that payment to mount opens it, then the parameter leaves the address (the history entry replaced), so a reload
 * or going back does not open it again.
 */
function useOpenOnPayParam(paymentNumber: number, open: () => void): void {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(PAY_PARAM) === String(paymentNumber);
  const [self] = useState(() => ({}));
  const openNow = useEffectEvent(open);
  useEffect(() => {
    if (!wanted || (payParamTakenBy !== null && payParamTakenBy !== self)) return;
    payParamTakenBy = self;
    openNow();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PAY_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    return () => {
      if (payParamTakenBy === self) payParamTakenBy = null;
    };
  }, [wanted, self, setParams]);
}

/** A button that opens the payment dialog for one payment (at once when the page's address asks for it: `?pay=`). */
export function PayButton({
  children,
  serviceType,
  paymentNumber,
  cardEnabled,
  variant,
}: { serviceType: ServiceType; paymentNumber: number; cardEnabled: boolean } & {
  children: ReactNode;
  variant?: "default" | "outline";
}) {
  const [open, setOpen] = useState(false);
  const { value: PaymentDialog, open: openWith, preload } = useOnDemand(paymentDialog);
  useOpenOnPayParam(paymentNumber, () => openWith(() => setOpen(true)));
  if (!PaymentDialog) {
    return (
      <Button
        type="button"
        variant={variant}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => openWith(() => setOpen(true))}
      >
        {children}
      </Button>
    );
  }
  return (
    <PaymentDialog
      open={open}
      onOpenChange={setOpen}
      serviceType={serviceType}
      paymentNumber={paymentNumber}
      cardEnabled={cardEnabled}
      trigger={
        <Button type="button" variant={variant}>
          {children}
        </Button>
      }
    />
  );
}
