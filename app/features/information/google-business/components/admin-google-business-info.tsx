import { useLingui } from "@lingui/react/macro";
import { AdminInformationCard } from "~/features/information/components/information-panel";
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
    <AdminInformationCard
      testId="admin-google-business-info"
      title={t`Business Information`}
      info={info}
      readOnly={(saved) => (
        <GoogleBusinessReadOnly
          info={saved}
          headingLevel={3}
          password={
            <RevealedSecret
              secret={saved.gmailPassword}
              fields={{ kind: "gmail-password", userId }}
              label={t`Gmail password`}
            />
          }
        />
      )}
    />
  );
}
