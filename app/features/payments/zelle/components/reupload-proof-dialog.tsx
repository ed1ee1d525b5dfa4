import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import type { ServiceType } from "~/domain/service-catalog";
import { paymentSubtitleIn } from "~/domain/service-texts";
import { proofResubmitSchema } from "~/features/payments/payments.schemas";
import { ProofUploadForm } from "./proof-upload-form";

/** 'Upload a new proof' of a rejected Zelle payment: a clearer photo of the same transfer, which goes back to review. */
export function ReuploadProofDialog({
  open,
  onOpenChange,
  trigger,
  paymentId,
  serviceType,
  paymentNumber,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  paymentId: string;
  serviceType: ServiceType;
  paymentNumber: number;
}) {
  const { t, i18n } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={t`Upload a new proof`} description={paymentSubtitleIn(i18n, serviceType, paymentNumber)}>
        <p className="text-sm text-slate-700">
          {t`Upload a clearer photo or screenshot of the same transfer's confirmation. You do not pay again: the payment goes back to review.`}
        </p>
        {open ? (
          <ProofUploadForm
            schema={proofResubmitSchema}
            fields={{ paymentId }}
            success={{ title: t`Proof Submitted`, description: t`Your new proof has been sent for review` }}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
