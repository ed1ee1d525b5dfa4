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
  return (
    <Card data-testid="admin-google-business-info">
      <CardHeader>
        <CardTitle>Business Information</CardTitle>
      </CardHeader>
      <CardContent>
        {info ? (
          <GoogleBusinessReadOnly
            info={info}
            headingLevel={3}
            password={
              <RevealedSecret secret={info.gmailPassword} fields={{ kind: "gmail-password", userId }} label="Gmail password" />
            }
          />
        ) : (
          <p className="text-slate-600">No information submitted yet</p>
        )}
      </CardContent>
    </Card>
  );
}
