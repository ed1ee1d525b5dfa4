import { and, eq, sql } from "drizzle-orm";
import type { Readable } from "node:stream";
import { z } from "zod";
import { dataExports } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { EXPORTS_BUCKET, openStream } from "~/lib/storage/storage.server";
import { exportFileName, isDownloadable } from "./data-export-rules";
import type { Deps } from "~/lib/services.server";

export interface DataExportDownload {
  body: Readable;
  size: number;
  fileName: string;
}

/**
 * The ZIP of one of the signed-in user's own exports, as a stream. Only its customer gets it: anyone else, admins
 * included, gets 404 as if it did not exist, since an export may hold the customer's passwords in clear, which the
 * agency otherwise reveals one at a time, on the record. An export still being prepared, or failed, is 404 too; one
 * past its 24 hours (or whose file is gone) is 410.
 */
export async function openDataExportDownload(
  { db, storage }: Pick<Deps, "db" | "storage">,
  actor: Actor | null,
  input: { exportId: string },
): Promise<DataExportDownload> {
  const me = requireActor(actor);
  if (!z.uuid().safeParse(input.exportId).success) throw new AppError("data_export_not_found");
  const [row] = await db
    .select({
      status: dataExports.status,
      fileKey: dataExports.fileKey,
      createdAt: dataExports.createdAt,
      readyAt: dataExports.readyAt,
      expiresAt: dataExports.expiresAt,
      now: sql<string>`now()`,
    })
    .from(dataExports)
    .where(and(eq(dataExports.id, input.exportId), eq(dataExports.userId, me.id)));
  if (!row || row.status !== "ready") throw new AppError("data_export_not_found");
  if (!isDownloadable(row, new Date(row.now))) throw new AppError("data_export_expired");
  const stored = await openStream(storage, EXPORTS_BUCKET, row.fileKey!);
  if (!stored) throw new AppError("data_export_expired");
  return { ...stored, fileName: exportFileName(row.readyAt ?? row.createdAt) };
}
