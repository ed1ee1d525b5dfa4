import { Trans, useLingui } from "@lingui/react/macro";
import { ShieldAlert } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { ActionResult } from "~/lib/http/forms";
import { ACKNOWLEDGE_WARNING_INTENT } from "../credentials.schemas";

/**
 * The security warning about sharing credentials, shown on every visit until the customer presses
 * 'I Understand' (remembered on the server). Closing it otherwise only hides it for this visit.
 */
export function CredentialsWarningDialog({ acknowledged }: { acknowledged: boolean }) {
  const { t } = useLingui();
  const [dismissed, setDismissed] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const open = !acknowledged && !dismissed;
  return (
    <Dialog open={open} onOpenChange={(next) => setDismissed(!next)}>
      <DialogContent
        title={t`Security Warning`}
        description={t`Please read this before you share any credentials with us.`}
      >
        <div className="flex gap-3 text-sm text-slate-700">
          <ShieldAlert aria-hidden="true" className="size-6 shrink-0 text-amber-600" />
          <div className="space-y-2">
            <p>
              <Trans>
                The usernames, passwords and PINs you save here give access to your domain, hosting and Google account.
                Anyone who gets them can take control of your website and business listing.
              </Trans>
            </p>
            <p>
              <Trans>
                Only share what our team needs to build and manage your services. Passwords, PINs and details are stored
                encrypted and shown only when you or our team ask to see them; every time they are shown is recorded.
                Change these passwords once our work is finished, and never share them by e-mail or chat.
              </Trans>
            </p>
          </div>
        </div>
        <fetcher.Form method="post" className="flex justify-end" onSubmit={() => setDismissed(true)}>
          <input type="hidden" name="intent" value={ACKNOWLEDGE_WARNING_INTENT} />
          <Button type="submit">
            <Trans>I Understand</Trans>
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
