import { useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import type { ServiceType } from "~/domain/service-catalog";
import { PaymentDialog } from "./payment-dialog";

/** A button that opens the payment dialog for one payment. */
export function PayButton({
  children,
  serviceType,
  paymentNumber,
  cardEnabled,
  variant,
}: { serviceType: ServiceType; paymentNumber: number; cardEnabled: boolean } & { children: ReactNode; variant?: "default" | "outline" }) {
  const [open, setOpen] = useState(false);
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

