import { useLingui } from "@lingui/react/macro";
import { DeliveredFilesSection } from "~/features/delivered-files/components/delivered-files-list";
import type { DeliveredFileView } from "~/features/delivered-files/delivered-file-views";
import type { ReviewRoundView } from "../review-round-views";
import { ReviewRoundsPanel } from "./review-rounds-panel";

/** Where the customer's decision on a round is posted. */
const ANSWERS_PATH = "/resources/approvals";

/**
 * The top of a customer's service page: the round waiting for their approval and the earlier ones, then the files
 * delivered for the service. Nothing at all until the agency has sent one or the other.
 */
export function CustomerDeliveries({
  rounds,
  files,
}: {
  rounds: readonly ReviewRoundView[];
  files: readonly DeliveredFileView[];
}) {
  const { t } = useLingui();
  if (rounds.length === 0 && files.length === 0) return null;
  return (
    <div className="mb-6 space-y-6">
      {rounds.length > 0 ? (
        <div>
          {/* The panel's titles are h3s, under the page's h1: a heading between keeps their order. */}
          <h2 className="sr-only">{t`Approvals`}</h2>
          <ReviewRoundsPanel rounds={rounds} viewerIsAgency={false} action={ANSWERS_PATH} />
        </div>
      ) : null}
      <DeliveredFilesSection files={files} />
    </div>
  );
}
