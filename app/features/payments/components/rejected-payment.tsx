import { useLingui } from "@lingui/react/macro";
import { Upload } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { paymentSubtitleIn } from "~/domain/service-texts";
import type { ServiceType } from "~/domain/service-catalog";
import { proofResubmitSchema } from "../payments.schemas";
import { PayButton } from "./pay-button";
import { ProofUploadForm } from "./proof-upload-form";

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
      <span className="font-semibold">{t`Reason:`}</span> <span className="break-words whitespace-pre-line">{reason}</span>
    </p>
  );
}

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
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button">
          <Upload aria-hidden="true" />
          {t`Upload a new proof`}
        </Button>
      </DialogTrigger>
      <DialogContent title={t`Upload a new proof`} description={paymentSubtitleIn(i18n, serviceType, paymentNumber)}>
        <p className="text-sm text-slate-700">
          {t`Upload a clearer photo or screenshot of the same transfer's confirmation. You do not pay again: the payment goes back to review.`}
        </p>
        {open ? (
          <ProofUploadForm
            schema={proofResubmitSchema}
            fields={{ paymentId }}
            success={{ title: t`Proof Submitted`, description: t`Your new proof has been sent for review` }}
            onDone={() => setOpen(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
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
      {reupload ? <ReuploadProofButton paymentId={payment.id!} serviceType={serviceType} paymentNumber={paymentNumber} /> : null}
      <PayButton serviceType={serviceType} paymentNumber={paymentNumber} cardEnabled={cardEnabled} variant={reupload ? "outline" : "default"}>
        {tryAgain ?? t`Try Again`}
      </PayButton>
    </div>
  );
}
