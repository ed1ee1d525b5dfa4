import { Trans, useLingui } from "@lingui/react/macro";
import { isRouteErrorResponse } from "react-router";
import { PageTitle } from "~/components/nav-shell";
import { Card } from "~/components/ui/card";

/** A back-office list that failed to load says so in place of the list, inside the admin frame, and asks for a reload. */
export function ListLoadError({ error, title, failed }: { error: unknown; title: string; failed: string }) {
  console.error(error);
  const { t } = useLingui();
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <>
      <PageTitle title={title} />
      <Card role="alert" className="p-6">
        <p className="font-semibold text-red-700">{failed}</p>
        <p className="mt-1 text-sm text-slate-600">
          {status ? t`Error ${status}. ` : ""}
          <Trans>Please reload the page to try again.</Trans>
        </p>
      </Card>
    </>
  );
}
