import { Trans, useLingui } from "@lingui/react/macro";
import { Pencil } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";

/** The read-only view's button that turns the saved information back into a form. */
export function EditInformationButton({ onEdit }: { onEdit: () => void }) {
  return (
    <Button type="button" onClick={onEdit}>
      <Pencil aria-hidden="true" />
      <Trans>Edit Information</Trans>
    </Button>
  );
}

/**
 * The form's buttons: Cancel (only when something was saved: back to the saved values, read-only) and
 * the submit button, which opens the 'Confirm Submission' dialog once the form is valid.
 */
export function FormActions({
  canCancel,
  onCancel,
  pending,
  submitLabel,
}: {
  canCancel: boolean;
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
}) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {canCancel ? (
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? t`Saving...` : submitLabel}
      </Button>
    </div>
  );
}

/** Asks before the information is sent; Confirm sends it, Cancel goes back to the form. */
export function ConfirmSubmissionDialog({
  open,
  onOpenChange,
  onConfirm,
  pending,
  description,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
  description: string;
}) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t`Confirm Submission`} description={description}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            <Trans>Go Back</Trans>
          </Button>
          <Button type="button" onClick={onConfirm} disabled={pending}>
            {pending ? t`Submitting...` : t`Confirm`}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
