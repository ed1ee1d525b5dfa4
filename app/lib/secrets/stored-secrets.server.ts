import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { googleBusinessInfo, websiteCredentials } from "~db/schema";
import type { Database, Db } from "../db/db.server";
import { isEncryptedValue, type Secrets } from "./secrets.server";

interface SecretColumn {
  /** table.column, as the database names it. */
  name: string;
  table: PgTable;
  /** The row's key. */
  key: PgColumn;
  column: PgColumn;
}

/** Every column that holds a secret. A new secret column is added here, so start-up and rotation cover it. */
export const SECRET_COLUMNS: readonly SecretColumn[] = [
  {
    name: "google_business_info.gmail_password",
    table: googleBusinessInfo,
    key: googleBusinessInfo.userId,
    column: googleBusinessInfo.gmailPassword,
  },
  {
    name: "website_credentials.password",
    table: websiteCredentials,
    key: websiteCredentials.id,
    column: websiteCredentials.password,
  },
  {
    name: "website_credentials.pin",
    table: websiteCredentials,
    key: websiteCredentials.id,
    column: websiteCredentials.pin,
  },
  {
    name: "website_credentials.details",
    table: websiteCredentials,
    key: websiteCredentials.id,
    column: websiteCredentials.details,
  },
];

/**
 * Rewrites each stored value of every secret column for which `next` returns a new text. Each row is updated
 * only if it still holds the value that was read (compare and set), so two instances starting at once, or an
 * app saving a value meanwhile, never get a value encrypted twice or overwritten. One transaction: all or nothing.
 */
async function rewriteSecretColumns(db: Db, next: (stored: string) => string | null): Promise<number> {
  return db.transaction(async (tx) => {
    let changed = 0;
    for (const { table, key, column } of SECRET_COLUMNS) {
      const rows = await tx.select({ key: key, stored: column }).from(table).where(isNotNull(column));
      for (const row of rows) {
        const stored = row.stored as string;
        const replacement = next(stored);
        if (replacement === null || replacement === stored) continue;
        const result = await tx.execute(
          sql`update ${table} set ${sql.identifier(column.name)} = ${replacement} where ${and(eq(key, row.key), eq(column, stored))}`,
        );
        changed += result.rowCount ?? 0;
      }
    }
    return changed;
  });
}

/**
 * An update leaves the row's old version in the table file until a vacuum, and in the write-ahead log until
 * its segment is removed: after replacing plain values (or values under a retired key) the secret tables are
 * rewritten (VACUUM FULL). In embedded mode the log is also moved to a new segment and the old ones deleted
 * rather than recycled, so no file of the data folder keeps an old copy. A PostgreSQL server's log, archives,
 * replicas and backups are its operator's: they may keep old versions until they expire.
 */
async function dropOldRowVersions(database: Database, log: (message: string) => void): Promise<void> {
  try {
    await rewriteSecretTables(database);
  } catch (error) {
    // The values themselves are already safe; a database user that may not vacuum must not stop the app.
    log(
      `Warning: could not rewrite the secret tables, old row versions may remain until a vacuum: ${(error as Error).message}`,
    );
  }
}

async function rewriteSecretTables(database: Database): Promise<void> {
  const tables = [...new Set(SECRET_COLUMNS.map(({ table }) => table))];
  await database.db.execute(sql`vacuum full ${sql.join(tables, sql`, `)}`);
  if (database.kind !== "pglite") return;
  await database.db.execute(sql`set wal_recycle = off`);
  await database.db.execute(sql`select pg_switch_wal()`);
  // The first checkpoint makes the old segment unneeded, the second removes it.
  await database.db.execute(sql`checkpoint`);
  await database.db.execute(sql`checkpoint`);
  await database.db.execute(sql`reset wal_recycle`);
}

/**
 * The start-up data migration: encrypts every secret still stored in plain text (written before secrets were
 * encrypted), then drops the old row versions that held them. Idempotent: encrypted values are left as they
 * are, so a second run changes nothing.
 */
export async function encryptPlainSecrets(
  database: Database,
  secrets: Secrets,
  log: (message: string) => void = () => {},
): Promise<number> {
  const changed = await rewriteSecretColumns(database.db, (stored) =>
    isEncryptedValue(stored) ? null : secrets.encrypt(stored),
  );
  if (changed > 0) {
    await dropOldRowVersions(database, log);
    log(`Encrypted ${changed} stored secret(s) that were kept in plain text`);
  }
  return changed;
}

export interface RotationOutcome {
  /** Values whose data key is now wrapped by the current key (plain values encrypted included). */
  changed: number;
  /** The current key's id, which every stored value now carries. */
  keyId: string;
}

/**
 * Rotation: every stored secret ends up under the current key. Values under a previous key get their data
 * key re-wrapped (the value's own ciphertext is kept); plain values are encrypted. A value whose key is not
 * configured stops the whole rotation with an error naming its key id, and nothing is changed.
 */
export async function rotateStoredSecrets(
  database: Database,
  secrets: Secrets,
  log: (message: string) => void = () => {},
): Promise<RotationOutcome> {
  const changed = await rewriteSecretColumns(database.db, (stored) => {
    if (!isEncryptedValue(stored)) return secrets.encrypt(stored);
    return secrets.isCurrent(stored) ? null : secrets.rewrap(stored);
  });
  // The old versions' data keys are wrapped by the retired key: they go too.
  if (changed > 0) await dropOldRowVersions(database, log);
  return { changed, keyId: secrets.keyId };
}
