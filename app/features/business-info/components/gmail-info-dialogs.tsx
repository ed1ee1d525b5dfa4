import { Info } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";

/** The two info dialogs of the Gmail Credentials section: why we ask, and how the account is used. */
export function GmailInfoDialogs() {
  return (
    <div className="flex flex-wrap gap-1">
      <Dialog>
        <DialogTrigger asChild>
          <Button type="button" variant="ghost" size="sm">
            <Info aria-hidden="true" />
            Why Gmail?
          </Button>
        </DialogTrigger>
        <DialogContent title="Gmail Credentials" description="Why we need a Gmail account for your profile.">
          <div className="space-y-3 text-sm text-slate-700">
            <p>
              Every Google Business Profile belongs to a Google account. We create and manage your profile under a
              Gmail account that belongs to you, so the profile stays yours.
            </p>
            <p>
              Use a Gmail address you control (you may create a new one just for your business) and its password. We
              store the password encrypted; only our team can see it, and every time it is viewed is recorded.
            </p>
          </div>
        </DialogContent>
      </Dialog>
      <Dialog>
        <DialogTrigger asChild>
          <Button type="button" variant="ghost" size="sm">
            <Info aria-hidden="true" />
            How we use it
          </Button>
        </DialogTrigger>
        <DialogContent title="How We Use Your Account" description="What we do with your Gmail account.">
          <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
            <li>Create your Google Business Profile and submit it for verification.</li>
            <li>Add your business details, photos, service areas and opening date.</li>
            <li>Optimize the profile and set up local SEO.</li>
            <li>We never send e-mail in your name or change your password without asking you.</li>
          </ul>
        </DialogContent>
      </Dialog>
    </div>
  );
}
