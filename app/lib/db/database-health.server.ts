import type pg from "pg";

/** PostgreSQL error codes of a lost or refused connection: class 08 and the server shutting down or starting. */
const CONNECTION_CODES = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"]);
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH"]);

/** Whether an error says the database cannot be reached (as opposed to a query's own failure). */
export function isConnectionError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || NETWORK_CODES.has(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isConnectionError);
  return (
    typeof message === "string" &&
    /Connection terminated|not queryable|terminating connection|the database system is (starting up|shutting down)/i.test(
      message,
    )
  );
}

/**
 * Whether the PostgreSQL server is reachable, as this instance last saw it. Any pooled query or connection that fails
 * for want of a connection (and any idle pooled connection the server drops, as a restart does) marks it down; while
 * down, a probe runs every `probeMs` until a query succeeds again. Requests meanwhile get a clear 503
 * (server/database-gate.ts) instead of an error page per failed query. The pool itself reconnects: nothing here
 * restarts anything.
 */
export class DatabaseHealth {
  private down = false;
  private probe: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly probeMs = 500,
    private readonly log: (line: string) => void = console.log,
  ) {
    pool.on("error", (error) => {
      if (isConnectionError(error)) this.markDown(error);
    });
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
    const watch = (result: unknown) => {
      if (result instanceof Promise) result.catch((error: unknown) => isConnectionError(error) && this.markDown(error));
      return result;
    };
    pool.query = ((...args: unknown[]) => watch(query(...args))) as typeof pool.query;
    pool.connect = ((...args: unknown[]) => watch(connect(...args))) as typeof pool.connect;
    this.runProbe = () => query("select 1") as Promise<unknown>;
  }

  private readonly runProbe: () => Promise<unknown>;

  get available(): boolean {
    return !this.down;
  }

  markDown(error: unknown): void {
    if (this.closed || this.down) return;
    this.down = true;
    this.log(`Database unreachable (${(error as Error)?.message ?? String(error)}): answering 503 until it is back`);
    let probing = false;
    this.probe = setInterval(() => {
      if (probing) return;
      probing = true;
      this.runProbe()
        .then(() => {
          clearInterval(this.probe);
          this.probe = undefined;
          this.down = false;
          this.log("Database reachable again");
        })
        .catch(() => {})
        .finally(() => {
          probing = false;
        });
    }, this.probeMs);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.probe);
  }
}
