import { getTableColumns, getTableName, isNotNull, isTable, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import * as schema from "~db/schema";
import type { Db } from "../db/db.server";
import { BUCKETS, EXPORTS_BUCKET, type Bucket, type Storage } from "./storage.server";
import { thumbnailKey } from "../../domain/upload-kinds";

/** How a column holds its file paths: one text, a text[] list, or a jsonb list of files (`[{ url, ... }]`). */
type FileColumnShape = "one" | "list" | "files";

/**
 * The columns that point at stored files: every column named `*_url` / `*_urls` (text or text[]), and every jsonb
 * column named `attachments` or `files` (a list of `{ url, thumbnailUrl, name, ... }`, as messages keep theirs), found
 * by name so a new file column is covered without touching the sweep (tests/integration/storage-sweep checks that every
 * upload writer's column is among them). Values that are not `/files/<bucket>/<key>` are ignored.
 *
 * Better Auth's `user.image` is not one: no server code writes it (a profile's picture is `profiles.avatar_url`), so
 * whatever it held came from a client, and a client's word must neither keep a file alive nor get it erased.
 */
export function fileColumns(): { table: string; column: string; shape: FileColumnShape }[] {
  const found: { table: string; column: string; shape: FileColumnShape }[] = [];
  for (const value of Object.values(schema)) {
    if (!isTable(value)) continue;
    const table = value as PgTable;
    for (const column of Object.values(getTableColumns(table)) as PgColumn[]) {
      const type = column.getSQLType();
      const shape: FileColumnShape | null = /(_url|_urls)$/.test(column.name)
        ? type === "text"
          ? "one"
          : type === "text[]"
            ? "list"
            : null
        : (column.name === "attachments" || column.name === "files") && type === "jsonb"
          ? "files"
          : null;
      if (shape) found.push({ table: getTableName(table), column: column.name, shape });
    }
  }
  return found;
}

const URL_OF: Record<FileColumnShape, (column: string) => SQL> = {
  one: (column) => sql`${sql.identifier(column)}`,
  list: (column) => sql`unnest(${sql.identifier(column)})`,
  files: (column) => sql`jsonb_array_elements(${sql.identifier(column)}) ->> 'url'`,
};

/** Every stored file some row refers to, as `bucket/key` (its preview is kept with it). */
async function referencedFiles(db: Db): Promise<Set<string>> {
  const referenced = new Set<string>();
  for (const { table, column, shape } of fileColumns()) {
    const result = await db.execute<{ url: string | null }>(
      sql`select ${URL_OF[shape](column)} as url from ${sql.identifier(table)} where ${sql.identifier(column)} is not null`,
    );
    for (const { url } of result.rows) {
      const match = url ? /^\/files\/([^/]+)\/(.+)$/.exec(url) : null;
      if (match) referenced.add(`${match[1]}/${match[2]}`);
    }
  }
  // A data export names its ZIP by key, not by a files-route path (that route never serves exports): a ZIP whose
  // row is gone, or that a crashed export left unnamed, is an orphan like any other file.
  const { dataExports } = schema;
  const exports = await db.select({ key: dataExports.fileKey }).from(dataExports).where(isNotNull(dataExports.fileKey));
  for (const { key } of exports) referenced.add(`${EXPORTS_BUCKET}/${key}`);
  return referenced;
}

export interface SweepResult {
  /** Orphan files removed, as `bucket/key`. */
  removed: string[];
  /** Every file each bucket held when the sweep listed it (removed ones included), as `bucket/key`. */
  listed: Set<string>;
  /** The database's clock just before the listing: a row created before it had its file stored before it too. */
  listedAfter: Date;
}

/**
 * The start-up sweep of the stored files: removes every file no row refers to (a proof stored by an upload the
 * process died in before its row committed, a half-written pair, an unfinished local `.part` write), unless it is
 * younger than `graceMs`: another instance may be storing it right now, its row not committed yet.
 * Files are listed before the rows are read, so a row committed meanwhile still keeps its file.
 * Storages that cannot list (none here) are skipped.
 */
export async function sweepOrphanFiles(
  db: Db,
  storage: Storage,
  { graceMs, now = Date.now }: { graceMs: number; now?: () => number },
): Promise<SweepResult> {
  const [{ at }] = (await db.execute<{ at: Date | string }>(sql`select now() as at`)).rows as [{ at: Date | string }];
  const listedAfter = new Date(at);
  const listed = new Set<string>();
  const removed: string[] = [];
  if (!storage.list) return { removed, listed, listedAfter };
  const objects: { bucket: Bucket; key: string; modifiedAt: number }[] = [];
  for (const bucket of BUCKETS) {
    for (const object of await storage.list(bucket)) {
      objects.push({ bucket, ...object });
      listed.add(`${bucket}/${object.key}`);
    }
  }
  const referenced = await referencedFiles(db);
  const kept = new Set(referenced);
  for (const file of referenced) {
    const slash = file.indexOf("/");
    kept.add(`${file.slice(0, slash)}/${thumbnailKey(file.slice(slash + 1))}`);
  }
  const cutoff = now() - graceMs;
  for (const object of objects) {
    const name = `${object.bucket}/${object.key}`;
    if (kept.has(name) || object.modifiedAt > cutoff) continue;
    await storage.delete(object.bucket, object.key);
    removed.push(name);
  }
  return { removed, listed, listedAfter };
}
