import { and, desc, eq, ne, sql } from "drizzle-orm";
import { dataExports } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import { isCustomerAccount } from "~/lib/auth/roles.server";
import type { Actor } from "~/lib/auth/session";
import { exportState, isDownloadable, nextExportAllowedAt } from "./data-export-rules";
import { dataExportDownloadPath, type DataExportCardView } from "./data-export-views";
import type { Deps } from "~/lib/services.server";

/**
 * The signed-in customer's own latest export and when they may ask for the next one; nobody else's is ever read here.
 * A team account has no 'Your data' card (`available: false`).
 */
export async function getDataExport({ db }: Pick<Deps, "db">, actor: Actor | null): Promise<DataExportCardView> {
  const me = requireActor(actor);
  if (!(await isCustomerAccount(db, me))) return { available: false, latest: null, nextAllowedAt: null };
  const latestOf = (onlyCounted: boolean) =>
    db
      .select({
        id: dataExports.id,
        status: dataExports.status,
        progress: dataExports.progress,
        withSecrets: dataExports.withSecrets,
        size: dataExports.size,
        fileKey: dataExports.fileKey,
        createdAt: dataExports.createdAt,
        readyAt: dataExports.readyAt,
        expiresAt: dataExports.expiresAt,
        now: sql<string>`now()`,
      })
      .from(dataExports)
      .where(and(eq(dataExports.userId, me.id), onlyCounted ? ne(dataExports.status, "failed") : undefined))
      .orderBy(desc(dataExports.createdAt))
      .limit(1)
      .then((rows) => rows[0]);
  const [latest, counted] = await Promise.all([latestOf(false), latestOf(true)]);
  if (!latest) return { available: true, latest: null, nextAllowedAt: null };
  const now = new Date(latest.now);
  const state = exportState(latest, now);
  return {
    available: true,
    latest: {
      id: latest.id,
      state,
      progress: latest.status === "ready" ? 100 : latest.progress,
      withSecrets: latest.withSecrets,
      size: latest.size,
      requestedAt: latest.createdAt.toISOString(),
      readyAt: latest.readyAt?.toISOString() ?? null,
      // A running export's expires_at is the worker's lease, not a download's end (data-export-worker.server.ts).
      expiresAt: latest.status === "ready" ? (latest.expiresAt?.toISOString() ?? null) : null,
      downloadUrl: isDownloadable(latest, now) ? dataExportDownloadPath(latest.id) : null,
    },
    nextAllowedAt: nextExportAllowedAt(counted, now)?.toISOString() ?? null,
  };
}
