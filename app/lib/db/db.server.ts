import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PglitePgConnection } from "@electric-sql/pglite/node-postgres";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import * as schema from "~db/schema";
import { closeToOthers } from "../config/private-files.server";

export type Db = NodePgDatabase<typeof schema>;
/** An open transaction: what `db.transaction` hands its callback. */
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Where a writer runs its statements: the caller's transaction, or the database itself. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve("db/migrations");

/**
 * PostgreSQL extensions the embedded database loads; every open of a data folder must load them, since the
 * migrations create objects that use them (pg_trgm: the admin customer search's index, migration 0009).
 */
const pgliteExtensions = { pg_trgm };

/**
 * A fresh embedded database made and migrated at build time (`npm run build`). Starting a new data folder
 * from it skips PGlite's initdb, the slowest part of a first start; the migrations still run at start,
 * so a missing or older template only costs time.
 */
const pgliteTemplateFile = path.resolve("build/pglite-template.tar.gz");

/**
 * Opens PostgreSQL: a server when `databaseUrl` is given, otherwise the embedded PGlite in `pgliteDir`
 * ("memory://" for a throwaway one), both through node-postgres so the rest of the code has one path.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
  pgliteTemplate?: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on("error", (error) => console.error("PostgreSQL pool error:", error.message));
    return { db: drizzle(pool, { schema }), pool, kind: "postgres", close: () => pool.end() };
  }
  const dataDir = options.pgliteDir ?? "memory://";
  // A throwaway database starts from a template only when one is named (the integration tests' migrated one).
  const inMemory = dataDir.startsWith("memory://");
  const fresh = inMemory ? options.pgliteTemplate !== undefined : !existsSync(path.join(dataDir, "PG_VERSION"));
  const template = options.pgliteTemplate ?? pgliteTemplateFile;
  const loadDataDir = fresh && existsSync(template) ? new Blob([await readFile(template)]) : undefined;
  const pglite = await PGlite.create(dataDir, { loadDataDir, extensions: pgliteExtensions });
  // PGlite sets its files' modes itself, past the umask: they are made owner-only on open and again on close (in
  // between, the data folder's own 0700 keeps others out). docs/decisions/028.
  const onDisk = !inMemory;
  if (onDisk) closeToOthers(dataDir);
  const pool = new pg.Pool(pgliteConfig(pglite));
  return {
    db: drizzle(pool, { schema }),
    pool,
    kind: "pglite",
    async close() {
      await pool.end();
      await pglite.close();
      if (onDisk) closeToOthers(dataDir);
    },
  };
}

/**
 * PGlite is one database session, reached through node-postgres with its bridge connection.
 *
 * Each pool client gets a bridge connection of its own. The bridge's `createPgConfig` puts one connection
 * object in the config, which every client the pool makes would share; but the pool throws a client away
 * after any failed query (a constraint violation is enough) and ending that client ends the shared
 * connection: its listeners are removed and a late "end" reaches the replacement client, so every later
 * query fails ("Connection terminated unexpectedly", "Received unexpected ... message"). The pool keeps at
 * most one client, because the one session cannot interleave two clients' statements or transactions, and
 * a replacement connection starts only once the ended one has sent everything it had queued (the Sync that
 * closes a failed statement included).
 *
 * The bridge also expects `types` in a Parse message to be an array of parameter type ids, while
 * node-postgres passes the query's `types` option through, which Drizzle sets to its type-parser object.
 * Real PostgreSQL's serializer ignores a non-array there; PGlite's throws inside the client and the query
 * never settles. Pass only arrays on.
 */
function pgliteConfig(pglite: PGlite): pg.PoolConfig {
  let previousDrained: Promise<unknown> = Promise.resolve();
  class Connection extends PglitePgConnection {
    override async connect(port: number, host: string): Promise<void> {
      this._connecting = true;
      await previousDrained;
      return super.connect(port, host);
    }

    override end(): void {
      // The bridge emits "end" after its queue has run, and drops the listeners present before this call.
      super.end();
      previousDrained = new Promise((resolve) => this.once("end", resolve));
    }

    override parse(query: { types?: unknown }): void {
      super.parse({ ...query, types: Array.isArray(query.types) ? query.types : undefined });
    }
  }
  class Client extends pg.Client {
    constructor(config: pg.ClientConfig = {}) {
      super({ ...config, connection: new Connection({ pglite }) } as pg.ClientConfig);
    }
  }
  return { Client, max: 1, user: "postgres", password: "dummy", database: "postgres", host: "localhost", port: 5432 };
}

export async function applyMigrations(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder });
}

export async function writePgliteTemplate(file = pgliteTemplateFile): Promise<void> {
  const pglite = await PGlite.create("memory://", { extensions: pgliteExtensions });
  const pool = new pg.Pool(pgliteConfig(pglite));
  await migrate(drizzle(pool), { migrationsFolder });
  await pool.end();
  const dump = await pglite.dumpDataDir("gzip");
  await pglite.close();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
}

/** The advisory-lock key every instance's start-up takes (any fixed 64-bit number; "agency-p" in ASCII). */
const STARTUP_LOCK_KEY = 0x6167656e63792d70n;

/**
 * Runs `work` (migrations and the other start-up writes) while holding a PostgreSQL session advisory lock, so N
 * instances starting together do it one after another: the first applies the migrations, the others find them
 * applied. The lock is held by one pooled connection for the whole of `work` and released with it; a process that
 * dies holding it loses its session and with it the lock. The embedded database has one process (the data-folder
 * lock): no lock is needed.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind !== "postgres") return work();
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY.toString()]);
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY.toString()]).catch(() => {});
    }
  } finally {
    client.release();
  }
}

/** The keys held in this process, for the embedded database (one process: the data-folder lock). */
const heldInProcess = new WeakMap<Database, Set<bigint>>();

/**
 * Runs `work` only if no other session (no other instance) holds the advisory lock `key`: for a periodic job that one
 * instance at a time does, the others skipping it ({ locked: false }) rather than waiting. The lock is a session lock
 * on one pooled connection held for the whole of `work` (which runs its own short transactions on the pool); a
 * connection that could not unlock is destroyed rather than returned to the pool, and a process that dies loses its
 * session and with it the lock. The embedded database has one process: the key is held in memory instead.
 */
export async function withAdvisoryLockIfFree<T>(
  database: Database,
  key: bigint,
  work: () => Promise<T>,
): Promise<{ locked: true; value: T } | { locked: false }> {
  if (database.kind !== "postgres") {
    const held = heldInProcess.get(database) ?? new Set<bigint>();
    heldInProcess.set(database, held);
    if (held.has(key)) return { locked: false };
    held.add(key);
    try {
      return { locked: true, value: await work() };
    } finally {
      held.delete(key);
    }
  }
  const client = await database.pool.connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client
      .query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [key.toString()])
      .catch((error: Error) => {
        broken = error;
        throw error;
      });
    if (rows[0]?.locked !== true) return { locked: false };
    try {
      return { locked: true, value: await work() };
    } finally {
      await client.query("select pg_advisory_unlock($1)", [key.toString()]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    client.release(broken);
  }
}

/** How many migrations the database has recorded as applied (Drizzle's journal table; 0 on a fresh database). */
export async function appliedMigrationCount(database: Database): Promise<number> {
  const exists = await database.pool.query("select to_regclass('drizzle.__drizzle_migrations') as t");
  if (!exists.rows[0]?.t) return 0;
  const result = await database.pool.query("select count(*)::int as n from drizzle.__drizzle_migrations");
  return result.rows[0].n as number;
}
