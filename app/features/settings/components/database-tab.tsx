import { Database, HardDrive } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { formatBytes, formatUptime, type SystemStatus } from "../system-status";

/** The Database tab: the four storage buckets with their real figures, the database size, the status view and the log. */
export function DatabaseTab({ status }: { status: SystemStatus }) {
  return (
    <Card className="space-y-4 p-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Database & Storage</h2>
        <p className="text-sm text-slate-600">Storage buckets and database usage.</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Storage buckets">
        {status.buckets.map((bucket) => (
          <li key={bucket.name} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3" data-testid="storage-bucket">
            <HardDrive aria-hidden="true" className="size-5 shrink-0 text-blue-700" />
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{bucket.name}</p>
              <p className="text-sm text-slate-600">
                Active · Private · {bucket.files} {bucket.files === 1 ? "file" : "files"} · {formatBytes(bucket.bytes)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Database aria-hidden="true" className="size-4" />
        Database size: {status.databaseBytes === null ? "unknown" : formatBytes(status.databaseBytes)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Dialog>
          <DialogTrigger asChild>
            <Button type="button" variant="outline">
              View Backend
            </Button>
          </DialogTrigger>
          <DialogContent title="Backend Status" description="The running app and what it stores data in.">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium text-slate-800">Version</dt>
              <dd>{status.version}</dd>
              <dt className="font-medium text-slate-800">Uptime</dt>
              <dd>{formatUptime(status.uptimeSeconds)}</dd>
              <dt className="font-medium text-slate-800">Database</dt>
              <dd>{status.databaseKind === "pglite" ? "Embedded (PGlite)" : "PostgreSQL"}</dd>
              <dt className="font-medium text-slate-800">Migrations applied</dt>
              <dd>{status.migrationsApplied ?? "unknown"}</dd>
              <dt className="font-medium text-slate-800">Storage</dt>
              <dd>{status.storageKind}</dd>
            </dl>
          </DialogContent>
        </Dialog>
        <Button asChild variant="outline">
          <Link to="/admin/activity">Database Logs</Link>
        </Button>
      </div>
    </Card>
  );
}
