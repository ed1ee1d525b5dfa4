import { useLingui } from "@lingui/react/macro";
import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { LocalDateTime } from "~/components/local-date-time";
import { formatFileSize } from "~/features/messages/message-rules";
import { INTL_LOCALES, isLocale } from "~/lib/i18n/locales";
import type { DeliveredFileView } from "../delivered-file-views";

/**
 * One service's delivered files, newest first, as both sides list them: the name is the download (saved under
 * that name), then its size and when it was added. `renderActions` puts the admin's buttons (e.g. 'Remove') at
 * the end of a row; the customer's rows have none. Nothing is rendered without files.
 */
export function DeliveredFilesList({
  files,
  renderActions,
}: {
  files: readonly DeliveredFileView[];
  renderActions?: (file: DeliveredFileView) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const locale = INTL_LOCALES[isLocale(i18n.locale) ? i18n.locale : "en"];
  if (files.length === 0) return null;
  return (
    <ul className="divide-y divide-slate-200" aria-label={t`Files`}>
      {files.map((file) => (
        <li
          key={file.id}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0"
          data-testid="delivered-file"
        >
          <div className="min-w-0">
            <a
              href={file.downloadUrl}
              download={file.name}
              className="inline-flex items-center gap-2 rounded-sm font-medium break-all text-blue-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
            >
              <Download aria-hidden="true" className="size-4 shrink-0" />
              {file.name}
            </a>
            <p className="text-xs text-slate-600">
              {formatFileSize(file.size, locale)} ·{" "}
              <LocalDateTime iso={file.createdAt} options={{ dateStyle: "medium" }} />
            </p>
          </div>
          {renderActions ? <div className="flex shrink-0 items-center gap-2">{renderActions(file)}</div> : null}
        </li>
      ))}
    </ul>
  );
}

/** The customer's 'Files' card on a service's page: what the agency delivered for it; nothing until there is a file. */
export function DeliveredFilesSection({ files }: { files: readonly DeliveredFileView[] }) {
  const { t } = useLingui();
  if (files.length === 0) return null;
  return (
    <Card className="p-4 sm:p-5" role="region" aria-labelledby="delivered-files-heading" data-testid="delivered-files">
      <h2 id="delivered-files-heading" className="mb-3 text-lg font-semibold text-slate-900">
        {t`Files`}
      </h2>
      <DeliveredFilesList files={files} />
    </Card>
  );
}
