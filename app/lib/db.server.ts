import { PGlite } from "@electric-sql/pglite";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import path from "node:path";
import pg from "pg";
import * as schema from "~db/schema";

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve("db/migrations");

/**
 * Opens PostgreSQL: a server when `databaseUrl` is given, otherwise the embedded PGlite in `pgliteDir`
 * ("memory://" for a throwaway one), both through node-postgres so the rest of the code has one path.
 */
export async function openDatabase(options: { databaseUrl?: string; pgliteDir?: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on("error", (error) => console.error("PostgreSQL pool error:", error.message));
    return { db: drizzle(pool, { schema }), pool, kind: "postgres", close: () => pool.end() };
  }
  const pglite = await PGlite.create(options.pgliteDir ?? "memory://");
  const pool = new pg.Pool(pgliteConfig(pglite));
  return {
    db: drizzle(pool, { schema }),
    pool,
    kind: "pglite",
    async close() {
      await pool.end();
      await pglite.close();
    },
  };
}

/**
 * PGlite's node-postgres bridge expects `types` in a Parse message to be an array of parameter type ids,
 * while node-postgres passes the query's `types` option through, which Drizzle sets to its type-parser
 * object. Real PostgreSQL's serializer ignores a non-array there; PGlite's throws inside the client and
 * the query never settles. Pass only arrays on.
 */
function pgliteConfig(pglite: PGlite) {
  const config = createPgConfig(pglite);
  const connection = config.connection;
  const parse = connection.parse.bind(connection);
  connection.parse = (query: { types?: unknown }) => parse({ ...query, types: Array.isArray(query.types) ? query.types : undefined });
  return config;
}

export async function applyMigrations(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder });
}
