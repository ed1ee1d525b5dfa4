import { useLingui } from "@lingui/react/macro";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { ActionResult } from "~/lib/http/forms";
import { useActionToast } from "./use-action-toast";

/**
 * The question before something goes for good (a note, a delivered file): an alert dialog whose confirm button
 * posts `fields` to `action` (the page's own when not given). It closes on the answer, whose toast says how it
 * went; while the post is on its way it cannot be closed.
 */
export function ConfirmActionDialog({
  title,
  description,
  fields,
  confirm,
  confirming,
  action,
  onClose,
}: {
  title: string;
  description: string;
  fields: Record<string, string>;
  /** The confirm button, and what it says while the post is on its way. */
  confirm: string;
  confirming: string;
  action?: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== "idle";
  useActionToast(fetcher.data, { onSuccess: onClose, onFailure: onClose });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent role="alertdialog" title={title} description={description}>
        <fetcher.Form method="post" action={action} className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
            {t`Cancel`}
          </Button>
          <Button type="submit" variant="destructive" disabled={pending}>
            {pending ? confirming : confirm}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
