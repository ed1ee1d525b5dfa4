import { useLingui } from "@lingui/react/macro";
import { AdminInformationCard, MASKED_PASSWORD } from "~/features/information/components/information-panel";
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
    <AdminInformationCard
      testId="admin-website-info"
      title={t`Website Information`}
      info={info}
      readOnly={(saved) => (
        <WebsiteInfoReadOnly
          info={saved}
          headingLevel={3}
          password={(type) => (saved[type].password.isSet ? MASKED_PASSWORD : null)}
        />
      )}
    />
  );
}
