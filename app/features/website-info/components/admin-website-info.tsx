import { Trans, useLingui } from "@lingui/react/macro";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { WebsiteInfoView } from "../website-info-views";
import { WebsiteInfoReadOnly } from "./website-info-read-only";

/**
 * The Web Site tab's left column: the customer's submitted website information, read-only, with the logo
 * and founder photo as thumbnails (full size and download links) and the chosen colour as a named swatch.
 * Domain and hosting passwords stay masked here; the Credenciales tab is where credentials are handled.
 */
export function AdminWebsiteInfo({ info }: { info: WebsiteInfoView | null }) {
  const { t } = useLingui();
  return (
    <Card data-testid="admin-website-info">
      <CardHeader>
        <CardTitle>{t`Website Information`}</CardTitle>
      </CardHeader>
      <CardContent>
        {info ? (
          <WebsiteInfoReadOnly
            info={info}
            headingLevel={3}
            password={(type) => (info[type].password.isSet ? <span className="font-mono">••••••••</span> : null)}
          />
        ) : (
          <p className="text-slate-600">
            <Trans>No information submitted yet</Trans>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
