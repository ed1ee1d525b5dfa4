import { useLingui } from "@lingui/react/macro";
import { Upload } from "lucide-react";
import { useState, type ReactNode } from "react";
import { onDemand, useOnDemand } from "~/components/on-demand";
import { Button } from "~/components/ui/button";
import type { ServiceType } from "~/domain/service-catalog";
import { PayButton } from "./pay-button";

/** A rejected payment as the customer's screens know it. */
export interface RejectedPayment {
  id?: string;
  paymentMethod?: string;
  rejectionReason?: string | null;
}

/** The admin's reason for a rejection, as the customer reads it ('Reason: ...'); nothing when none was given. */
export function RejectionReason({ reason, className }: { reason: string | null | undefined; className?: string }) {
  const { t } = useLingui();
  if (!reason) return null;
  return (
    <p className={className ?? "text-sm text-slate-800"} data-testid="rejection-reason">
      <span className="font-semibold">{t`Reason:`}</span>{" "}
      <span className="break-words whitespace-pre-line">{reason}</span>
    </p>
  );
}

// The dialog and its form (the proof's schema, the upload hooks) are fetched when first wanted.
const reuploadDialog = onDemand(() =>
  import("../zelle/components/reupload-proof-dialog").then((module) => module.ReuploadProofDialog),
);

/** 'Upload a new proof': the same transfer gets a new photo and goes back to review (no second payment). */
function ReuploadProofButton({
  paymentId,
  serviceType,
  paymentNumber,
}: {
  paymentId: string;
  serviceType: ServiceType;
  paymentNumber: number;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const { value: ReuploadProofDialog, open: openWith, preload } = useOnDemand(reuploadDialog);
  const label = (
    <>
      <Upload aria-hidden="true" />
      {t`Upload a new proof`}
    </>
  );
  if (!ReuploadProofDialog) {
    return (
      <Button type="button" onPointerEnter={preload} onFocus={preload} onClick={() => openWith(() => setOpen(true))}>
        {label}
      </Button>
    );
  }
  return (
    <ReuploadProofDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button type="button">{label}</Button>}
      paymentId={paymentId}
      serviceType={serviceType}
      paymentNumber={paymentNumber}
    />
  );
}

/**
 * What a customer can do about a rejected payment: read why, upload a new proof of the same Zelle transfer, or pay
 * again ('Try Again', or the caller's own words for it).
 */
export function RejectedPaymentActions({
  payment,
  serviceType,
  paymentNumber,
  cardEnabled,
  tryAgain,
  className,
}: {
  payment: RejectedPayment;
  serviceType: ServiceType;
  paymentNumber: number;
  cardEnabled: boolean;
  tryAgain?: ReactNode;
  className?: string;
}) {
  const { t } = useLingui();
  const reupload = payment.id && payment.paymentMethod === "zelle";
  return (
    <div className={className ?? "flex flex-wrap items-center justify-center gap-2"}>
      {reupload ? (
        <ReuploadProofButton paymentId={payment.id!} serviceType={serviceType} paymentNumber={paymentNumber} />
      ) : null}
      <PayButton
        serviceType={serviceType}
        paymentNumber={paymentNumber}
        cardEnabled={cardEnabled}
        variant={reupload ? "outline" : "default"}
      >
        {tryAgain ?? t`Try Again`}
      </PayButton>
    </div>
  );
}
