import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Database, HardDrive } from "lucide-react";
import { href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { formatBytes, formatUptime, type SystemStatus } from "../system-status";

/** What each storage bucket holds, as the admin reads it (the bucket's own name is the storage's business). */
const BUCKET_NAMES: Record<string, MessageDescriptor> = {
  avatars: msg`Profile and founder photos`,
  "admin-note-photos": msg`Payment proofs and note photos`,
  "business-logos": msg`Business logos`,
  "google-business-photos": msg`Google Business photos`,
  "message-attachments": msg`Files sent in messages`,
  "job-files": msg`Files for approval and delivered files`,
  exports: msg`Customers' data exports (kept 24 hours)`,
};

/** Where files are kept, in words. */
const STORAGE_KINDS: Record<string, MessageDescriptor> = {
  local: msg`A folder on this server`,
  s3: msg`S3-compatible storage`,
};

/** The Database tab: the storage buckets with their real figures, the database size, the status view and the log. */
export function DatabaseTab({ status }: { status: SystemStatus }) {
  const { t, i18n } = useLingui();
  const named = (names: Record<string, MessageDescriptor>, key: string) =>
    Object.hasOwn(names, key) ? i18n._(names[key]!) : key;
  const size = status.databaseBytes === null ? t`unknown` : formatBytes(status.databaseBytes);
  return (
    <Card className="space-y-4 p-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t`Database & Storage`}</h2>
        <p className="text-sm text-slate-600">{t`Storage buckets and database usage.`}</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2" aria-label={t`Storage buckets`}>
        {status.buckets.map((bucket) => (
          <li
            key={bucket.name}
            className="flex items-center gap-3 rounded-lg border border-slate-200 p-3"
            data-testid="storage-bucket"
          >
            <HardDrive aria-hidden="true" className="size-5 shrink-0 text-blue-700" />
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{named(BUCKET_NAMES, bucket.name)}</p>
              <p className="text-sm text-slate-600">
                {t`Active · Private · ${plural(bucket.files, { one: "# file", other: "# files" })}`} ·{" "}
                {formatBytes(bucket.bytes)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Database aria-hidden="true" className="size-4" />
        {t`Database size: ${size}`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Dialog>
          <DialogTrigger asChild>
            <Button type="button" variant="outline">
              {t`View Backend`}
            </Button>
          </DialogTrigger>
          <DialogContent title={t`Backend Status`} description={t`The running app and what it stores data in.`}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium text-slate-800">{t`Version`}</dt>
              <dd data-testid="app-version">{status.version}</dd>
              <dt className="font-medium text-slate-800">{t`Uptime`}</dt>
              <dd>{formatUptime(status.uptimeSeconds)}</dd>
              <dt className="font-medium text-slate-800">{t`Database`}</dt>
              <dd>{status.databaseKind === "pglite" ? t`Embedded (PGlite)` : "PostgreSQL"}</dd>
              <dt className="font-medium text-slate-800">{t`Migrations applied`}</dt>
              <dd>{status.migrationsApplied ?? t`unknown`}</dd>
              <dt className="font-medium text-slate-800">{t`Storage`}</dt>
              <dd>{named(STORAGE_KINDS, status.storageKind)}</dd>
            </dl>
          </DialogContent>
        </Dialog>
        <Button asChild variant="outline">
          <Link to={href("/admin/activity")}>{t`Database Logs`}</Link>
        </Button>
      </div>
    </Card>
  );
}
