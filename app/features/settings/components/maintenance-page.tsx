import { Trans } from "@lingui/react/macro";
import { Wrench } from "lucide-react";
import { Card } from "~/components/ui/card";

/** What customers see while Maintenance Mode is on: the portal's pages and sign-in give way to this. */
export function MaintenancePage({ supportEmail, companyName }: { supportEmail: string; companyName: string }) {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 p-4">
      <Card className="max-w-md space-y-4 p-8 text-center" role="status" aria-live="polite">
        <Wrench aria-hidden="true" className="mx-auto size-10 text-blue-700" />
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>Under Maintenance</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>{companyName} is making improvements to the platform. Please check back soon.</Trans>
        </p>
        <p className="text-slate-700">
          <Trans>
            Questions? Contact us at{" "}
            <a href={`mailto:${supportEmail}`} className="font-medium text-blue-700 underline">
              {supportEmail}
            </a>
          </Trans>
        </p>
      </Card>
    </main>
  );
}
