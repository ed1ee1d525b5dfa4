import { useState, type ReactNode } from "react";
import { onDemand, useOnDemand } from "~/components/on-demand";
import { Button } from "~/components/ui/button";
import type { ServiceType } from "~/domain/service-catalog";

// The dialog (the method choice, the promotion code, the Zelle proof form) is fetched when first wanted.
const paymentDialog = onDemand(() => import("./payment-dialog").then((module) => module.PaymentDialog));

/** A button that opens the payment dialog for one payment. */
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
