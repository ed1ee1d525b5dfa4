import { sql } from "drizzle-orm";
// The version is package.json's, read when the app is built (bundled into the server build), so it does not
// depend on the folder the app is started from.
import { version as APP_VERSION } from "../../../package.json";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Database } from "~/lib/db/db.server";
import type { Actor } from "~/lib/auth/session";
import { BUCKETS } from "~/lib/storage/storage.server";
import type { SystemStatus } from "./system-status";
import type { Deps } from "~/lib/services.server";

async function scalar(database: Database, query: ReturnType<typeof sql>): Promise<number | null> {
  try {
    const result = (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    const value = Object.values(result.rows[0] ?? {})[0];
    return value === undefined || value === null ? null : Number(value);
  } catch (error) {
    console.error("Could not read a database figure:", error);
    return null;
  }
}

/** The storage buckets' real file counts and sizes, the database's size and the backend's status. Admins only. */
export async function getSystemStatus(
  { database, storage }: Pick<Deps, "database" | "storage">,
  actor: Actor | null,
): Promise<SystemStatus> {
  requireAdminActor(actor);
  const buckets = await Promise.all(
    BUCKETS.map(async (name) => ({
      name,
      ...((await storage.usage?.(name).catch(() => null)) ?? { files: 0, bytes: 0 }),
    })),
  );
  const [databaseBytes, migrationsApplied] = await Promise.all([
    scalar(database, sql`select pg_database_size(current_database())`),
    scalar(database, sql`select count(*) from drizzle.__drizzle_migrations`),
  ]);
  return {
    buckets,
    databaseBytes,
    databaseKind: database.kind,
    migrationsApplied,
    storageKind: storage.kind ?? "custom",
    version: APP_VERSION,
    uptimeSeconds: Math.round(process.uptime()),
  };
}
