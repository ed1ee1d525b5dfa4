import { Trans, useLingui } from "@lingui/react/macro";
import { Info } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";

/** The two info dialogs of the Gmail Credentials section: why we ask, and how the account is used. */
export function GmailInfoDialogs() {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap gap-1">
      <Dialog>
        <DialogTrigger asChild>
          <Button type="button" variant="ghost" size="sm">
            <Info aria-hidden="true" />
            <Trans>Why Gmail?</Trans>
          </Button>
        </DialogTrigger>
        <DialogContent title={t`Gmail Credentials`} description={t`Why we need a Gmail account for your profile.`}>
          <div className="space-y-3 text-sm text-slate-700">
            <p>
              <Trans>
                Every Google Business Profile belongs to a Google account. We create and manage your profile under a
                Gmail account that belongs to you, so the profile stays yours.
              </Trans>
            </p>
            <p>
              <Trans>
                Use a Gmail address you control (you may create a new one just for your business) and its password. We
                store the password encrypted; only our team can see it, and every time it is viewed is recorded.
              </Trans>
            </p>
          </div>
        </DialogContent>
      </Dialog>
      <Dialog>
        <DialogTrigger asChild>
          <Button type="button" variant="ghost" size="sm">
            <Info aria-hidden="true" />
            <Trans>How we use it</Trans>
          </Button>
        </DialogTrigger>
        <DialogContent title={t`How We Use Your Account`} description={t`What we do with your Gmail account.`}>
          <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
            <li>
              <Trans>Create your Google Business Profile and submit it for verification.</Trans>
            </li>
            <li>
              <Trans>Add your business details, photos, service areas and opening date.</Trans>
            </li>
            <li>
              <Trans>Optimize the profile and set up local SEO.</Trans>
            </li>
            <li>
              <Trans>We never send e-mail in your name or change your password without asking you.</Trans>
            </li>
          </ul>
        </DialogContent>
      </Dialog>
    </div>
  );
}
