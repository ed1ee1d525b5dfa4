import { Trans, useLingui } from "@lingui/react/macro";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { GoogleBusinessInfoView } from "../google-business-views";
import { GoogleBusinessReadOnly } from "./google-business-read-only";
import { RevealedSecret } from "./reveal-secret-button";

/**
 * The Google Business tab's left column: the customer's submitted information, read-only, with the logo
 * and photos as thumbnails (full size and download links) and the Gmail password masked, revealed on
 * request through the audited reveal. The page's live updates refresh it when the customer saves.
 */
export function AdminGoogleBusinessInfo({ info, userId }: { info: GoogleBusinessInfoView | null; userId: string }) {
  const { t } = useLingui();
  return (
    <Card data-testid="admin-google-business-info">
      <CardHeader>
        <CardTitle>{t`Business Information`}</CardTitle>
      </CardHeader>
      <CardContent>
        {info ? (
          <GoogleBusinessReadOnly
            info={info}
            headingLevel={3}
            password={
              <RevealedSecret secret={info.gmailPassword} fields={{ kind: "gmail-password", userId }} label={t`Gmail password`} />
            }
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
