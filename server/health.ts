import { Router, type Response } from "express";
import { readFileSync } from "node:fs";
import path from "node:path";
import { migrationsFolder, type Database } from "~/lib/db/db.server";
import { logger, type Logger } from "~/lib/logger.server";
import type { Storage } from "~/lib/storage/storage.server";

const HEALTH_PATH = "/healthz";
const READY_PATH = "/readyz";

export interface ReadinessDeps {
  database: Pick<Database, "pool">;
  storage: Storage;
  /** True once the process is shutting down: a load balancer stops sending new requests here. */
  draining?: () => boolean;
  /** Where a failed check's detail goes. */
  log?: Pick<Logger, "warn">;
}

export interface ReadinessOptions {
  /** How long one check may take before it counts as failed. */
  timeoutMs: number;
  /** A readiness answer is reused this long, so frequent polls cost one check. */
  cacheMs: number;
}

const DEFAULTS: ReadinessOptions = { timeoutMs: 3_000, cacheMs: 1_000 };

type Readiness =
  | { ready: true; checks: Record<string, "ok"> }
  | { ready: false; reason: string; checks: Record<string, string> };

/** The newest migration in db/migrations (its journal's timestamp, what drizzle records as created_at). */
let newestMigration: number | undefined;
function newestMigrationMillis(): number {
  if (newestMigration === undefined) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: { when: number }[];
    };
    newestMigration = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return newestMigration;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A failed check whose message may be shown to anyone (the others' details can name hosts and paths: logged only). */
class PublicProblem extends Error {}

const PUBLIC_PROBLEMS: Record<string, string> = { database: "database unreachable", storage: "storage not writable" };

/** Database reachable and fully migrated, storage writable (a small file written and removed). */
async function checkReadiness(
  { database, storage, draining, log = logger }: ReadinessDeps,
  timeoutMs = DEFAULTS.timeoutMs,
): Promise<Readiness> {
  if (draining?.()) return { ready: false, reason: "shutting down", checks: { process: "shutting down" } };
  const checks: Record<string, string> = {};
  const problems: string[] = [];
  const run = async (name: string, check: () => Promise<void>) => {
    try {
      await withTimeout(check(), timeoutMs, name);
      checks[name] = "ok";
    } catch (error) {
      const shown = error instanceof PublicProblem ? error.message : (PUBLIC_PROBLEMS[name] ?? "failed");
      log.warn({ check: name, problem: messageOf(error) }, `Not ready: ${shown}`);
      checks[name] = shown;
      problems.push(shown);
    }
  };
  await Promise.all([
    run("database", async () => {
      const { rows } = await database.pool
        .query<{ last: string | null }>("select max(created_at)::text as last from drizzle.__drizzle_migrations")
        .catch((error: { code?: string }) => {
          // undefined_table, invalid_schema_name: reachable, but never migrated.
          if (error.code === "42P01" || error.code === "3F000")
            throw new PublicProblem("migrations not applied (the app applies them at start)");
          throw error;
        });
      const last = Number(rows[0]?.last ?? 0);
      if (last < newestMigrationMillis())
        throw new PublicProblem("migrations not applied (the app applies them at start)");
    }),
    run("storage", async () => {
      const key = `_readyz-probe-${process.pid}`;
      await storage.put("avatars", key, new TextEncoder().encode("ok"), "text/plain");
      await storage.delete("avatars", key);
    }),
  ]);
  return problems.length === 0
    ? { ready: true, checks: checks as Record<string, "ok"> }
    : { ready: false, reason: problems.join("; "), checks };
}

function noStore(res: Response): Response {
  return res.set("Cache-Control", "no-store");
}

/**
 * `GET /healthz`: the process is alive and serving (no database or storage touched; for a restart policy).
 * `GET /readyz`: this instance can serve (database reachable and migrated, storage writable, not shutting
 * down); 503 with the reason otherwise (for a load balancer). Both public: they reveal no data.
 */
export function healthRouter(deps: ReadinessDeps, options: Partial<ReadinessOptions> = {}): Router {
  const { timeoutMs, cacheMs } = { ...DEFAULTS, ...options };
  let cached: { at: number; answer: Promise<Readiness> } | undefined;
  const router = Router();
  router.get(HEALTH_PATH, (_req, res) => {
    noStore(res).json({ status: "ok" });
  });
  router.get(READY_PATH, async (_req, res) => {
    if (deps.draining?.()) cached = undefined;
    if (!cached || Date.now() - cached.at >= cacheMs)
      cached = { at: Date.now(), answer: checkReadiness(deps, timeoutMs) };
    const readiness = await cached.answer;
    noStore(res)
      .status(readiness.ready ? 200 : 503)
      .json(
        readiness.ready
          ? { status: "ready", checks: readiness.checks }
          : { status: "not ready", reason: readiness.reason, checks: readiness.checks },
      );
  });
  return router;
}
