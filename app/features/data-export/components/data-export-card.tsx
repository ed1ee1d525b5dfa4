import { getFormProps } from "@conform-to/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Download } from "lucide-react";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { LocalDateTime } from "~/components/local-date-time";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { formatFileSize } from "~/features/messages/message-rules";
import { ProgressBar } from "~/features/progress/components/progress-bar";
import type { ActionResult } from "~/lib/http/forms";
import { INTL_LOCALES, isLocale } from "~/lib/i18n/locales";
import { DATA_EXPORT_TEXTS, REQUEST_DATA_EXPORT_INTENT, requestDataExportSchema } from "../data-export.schemas";
import type { DataExportCardView, DataExportView } from "../data-export-views";

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/**
 * The Profile page's 'Your data' card: what an export holds, the latest export's state (its progress, live, while it
 * is prepared; its download while it lasts), and the form that asks for a new one, with the optional password that
 * puts the stored passwords in it. The form is closed while the one-a-day rule says no.
 */
export function DataExportCard({ view }: { view: DataExportCardView }) {
  const { t, i18n } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";
  useActionToast(fetcher.data, {
    success: { title: i18n._(DATA_EXPORT_TEXTS.requested), description: i18n._(DATA_EXPORT_TEXTS.requestedDetail) },
    onSuccess: () => formRef.current?.reset(),
  });
  const [form, fields] = useValidatedForm({ schema: requestDataExportSchema, id: "request-data-export" });
  const serverError =
    fetcher.data && !fetcher.data.ok && fetcher.data.field === "password" ? fetcher.data.error : undefined;
  const preparing = view.latest?.state === "preparing";
  const closed = preparing || view.nextAllowedAt !== null;
  return (
    <div className="space-y-4" data-testid="data-export">
      <p className="text-sm text-slate-700">
        <Trans>
          Get a copy of everything we keep about you in one ZIP file: a summary page (summary.html) to open in your
          browser and read, a data.json file with the same data for other programs (your profile, payments and receipts,
          information forms, progress, notifications, messages, approval requests, delivered files and credentials), and
          every file you sent us or we delivered to you.
        </Trans>
      </p>
      <p className="text-sm text-slate-700">
        <Trans>
          We prepare it in the background: you can leave this page, and we will notify you and send you an e-mail when
          it is ready. The download works for 24 hours, and you can ask for one export a day.
        </Trans>
      </p>
      {view.latest ? <LatestExport latest={view.latest} /> : null}
      {closed ? (
        view.nextAllowedAt && !preparing ? (
          <p className="text-sm text-slate-700" data-testid="data-export-next">
            <Trans>
              You can ask for a new export after <LocalDateTime iso={view.nextAllowedAt} options={WHEN} />.
            </Trans>
          </p>
        ) : null
      ) : (
        <fetcher.Form ref={formRef} method="post" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value={REQUEST_DATA_EXPORT_INTENT} />
          <Field
            id="password"
            label={t`Your password (optional)`}
            type="password"
            autoComplete="current-password"
            hint={t`Confirm your password to include the passwords you stored with us (your credentials and your Gmail password). Without it, the export lists your credentials without their passwords.`}
            error={fields.password.errors?.[0] ?? serverError}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={sending}>
              <Download aria-hidden="true" />
              {sending ? t`Requesting...` : t`Download my data`}
            </Button>
          </div>
        </fetcher.Form>
      )}
    </div>
  );
}

/** The latest export: its progress, its download, or what became of it. */
function LatestExport({ latest }: { latest: DataExportView }) {
  const { t, i18n } = useLingui();
  const locale = INTL_LOCALES[isLocale(i18n.locale) ? i18n.locale : "en"];
  const progress = latest.progress;
  switch (latest.state) {
    case "preparing":
      return (
        <div
          className="space-y-2 rounded-lg border border-blue-200 bg-blue-50 p-4"
          role="status"
          data-testid="data-export-preparing"
        >
          <p className="text-sm font-medium text-slate-900">
            <Trans>Preparing your data… {progress}%</Trans>
          </p>
          <ProgressBar value={progress} label={t`Export progress`} />
          <p className="text-sm text-slate-700">
            <Trans>You can leave this page: we will let you know when it is ready.</Trans>
          </p>
        </div>
      );
    case "ready":
      return (
        <div
          className="space-y-3 rounded-lg border border-green-200 bg-green-50 p-4"
          role="status"
          data-testid="data-export-ready"
        >
          <p className="text-sm font-medium text-slate-900">
            <Trans>Your data is ready.</Trans>
          </p>
          <a
            href={latest.downloadUrl ?? undefined}
            download
            className={buttonVariants({ variant: "outline" })}
            data-testid="data-export-download"
          >
            <Download aria-hidden="true" />
            {t`Download ZIP`}
            {latest.size !== null ? ` (${formatFileSize(latest.size, locale)})` : null}
          </a>
          {latest.expiresAt ? (
            <p className="text-sm text-slate-700">
              <Trans>
                Available until <LocalDateTime iso={latest.expiresAt} options={WHEN} />; then the file is deleted.
              </Trans>
            </p>
          ) : null}
          {latest.withSecrets ? (
            <p className="text-sm font-medium text-amber-800">
              <Trans>This file includes the passwords you stored with us: keep it somewhere safe.</Trans>
            </p>
          ) : null}
        </div>
      );
    case "expired":
      return (
        <p className="text-sm text-slate-700" role="status" data-testid="data-export-expired">
          <Trans>Your last export has expired and its file was deleted.</Trans>
        </p>
      );
    case "failed":
      return (
        <p className="text-sm text-red-700" role="status" data-testid="data-export-failed">
          <Trans>We could not prepare your last export. Please try again.</Trans>
        </p>
      );
  }
}
