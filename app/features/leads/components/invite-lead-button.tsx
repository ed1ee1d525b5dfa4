import { useLingui } from "@lingui/react/macro";
import { Send } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import type { ActionResult } from "~/lib/http/forms";
import { INVITE_LEAD_INTENT } from "../lead-actions.schemas";

/**
 * 'Invite to sign up' on a lead's page: asks first (the lead is e-mailed at once, in their language), then posts
 * `intent=invite-lead` to the page's action (`action`, the page's own when not given). The toast says how it went.
 * Without an e-mail address, or once the lead is a customer, there is nothing to invite: the button is not shown.
 */
export function InviteLeadButton({
  lead,
  action,
}: {
  lead: { name: string; email: string | null; customerId: string | null };
  action?: string;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== "idle";
  useActionToast(fetcher.data, { onSuccess: () => setOpen(false), onFailure: () => setOpen(false) });
  if (!lead.email || lead.customerId) return null;
  const { name, email } = lead;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="outline" data-testid="invite-lead">
          <Send aria-hidden="true" />
          {t`Invite to sign up`}
        </Button>
      </DialogTrigger>
      <DialogContent
        role="alertdialog"
        title={t`Invite ${name} to sign up?`}
        description={t`They get an e-mail at ${email}, in their language, with a link to create their account: the form opens with what they sent. The link works for 30 days.`}
      >
        <fetcher.Form method="post" action={action} className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <input type="hidden" name="intent" value={INVITE_LEAD_INTENT} />
          <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
            {t`Cancel`}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? t`Sending...` : t`Send invitation`}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
