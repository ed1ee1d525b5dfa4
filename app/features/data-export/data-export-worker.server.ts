import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { dataExports } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { PRIVATE_FOLDER_MODE } from "~/lib/config/private-files.server";
import { i18nOfUsers } from "~/lib/i18n/language.server";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { EXPORTS_BUCKET, storeStream } from "~/lib/storage/storage.server";
import { buildDataExport } from "./build-data-export.server";
import { DOWNLOAD_VALID_MS, exportKey, exportProgress } from "./data-export-rules";
import type { Deps } from "~/lib/services.server";

export interface DataExportWorkerOptions {
  /** How often a pass runs when nothing kicks it (a missed kick, an expiry to carry out). */
  intervalMs?: number;
  /** How long a claimed export is its worker's without a word from it: past that, the worker is taken for dead. */
  leaseMs?: number;
  /** At most how often the progress is written (and the page told). */
  progressEveryMs?: number;
  /** How often expired ZIPs and abandoned exports are looked for. */
  housekeepingEveryMs?: number;
  /** An export still being built after this long is stopped and failed (a stuck storage must not hold it forever). */
  maxRunMs?: number;
  log?: (line: string) => void;
}

/** An export this worker claimed: its row, and the claim's time, which every later write of the row must match. */
interface Claim {
  id: string;
  userId: string;
  withSecrets: boolean;
  startedAt: Date;
}

/** The claim was taken over (the worker was taken for dead) or its row is gone (the account was deleted). */
class ClaimLost extends Error {}
/** The worker is stopping: the export goes back to the queue for the next pass, here or on another instance. */
class Stopping extends Error {}

const INTERRUPTED = "interrupted";
const TEMP_MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * Prepares the customers' data exports in the background, in the server process: the EmailSender's pattern. A pass
 * claims the oldest waiting export (FOR UPDATE SKIP LOCKED, in a short transaction, so several instances never take
 * the same one), builds its ZIP in a temporary file of the data folder, stores it in the exports bucket, and in one
 * transaction marks it ready and tells the customer (the bell and an e-mail, through `notify`). Progress is written
 * as it goes and published, so the Profile page follows it live.
 *
 * A claimed export's `expires_at` is its worker's lease until it is ready (then it is the download's end): every
 * progress write renews it, and a heartbeat renews it while one large file is copied. An export whose lease ran out
 * was left by a process that died: it is queued once more, and failed if that happens again. Every write of a claimed
 * row names the claim's `started_at`, so a worker taken for dead that wakes up changes nothing.
 *
 * Each pass also removes the ZIPs whose 24 hours are over (the row stays, without its file) and temporary files a
 * crash left behind. A new request kicks a pass at once: the worker listens to the change bus, on which every
 * instance hears of the new row.
 */
export class DataExportWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private unsubscribe: (() => void) | undefined;
  private lastHousekeeping = 0;
  /** The export under way: stopping the worker aborts it. */
  private current: AbortController | undefined;

  constructor(
    private readonly deps: Pick<Deps, "db" | "bus" | "storage" | "secrets" | "dataDir">,
    private readonly options: DataExportWorkerOptions = {},
  ) {}

  private get log() {
    return this.options.log ?? console.error;
  }

  start(): void {
    this.stopped = false;
    this.unsubscribe = this.deps.bus.subscribe((change) => {
      if (change.table === "data_exports") this.kick();
    });
    const tick = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        void this.runDue().finally(tick);
      }, this.options.intervalMs ?? 10_000);
      this.timer.unref();
    };
    void this.runDue().finally(tick);
  }

  /** Stops taking exports; one under way is stopped at once, put back in the queue and its temporary file removed. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.current?.abort(new Stopping("The worker is stopping"));
    await this.running;
  }

  /** Runs a pass now (after the one under way, if any). */
  kick(): void {
    if (!this.stopped) void this.runDue();
  }

  /**
   * One pass: housekeeping when due, then every waiting export, one at a time. A kick during a pass runs another
   * after it, so a request made while the last claim was being looked for is not left for the next tick. Never
   * rejects: a failed pass (the database unreachable for a moment) is logged and the next one tries again.
   */
  runDue(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.pass().catch((error: unknown) => this.log(`Data export pass failed: ${message(error)}`));
      } while (this.again && !this.stopped);
    })().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<void> {
    const every = this.options.housekeepingEveryMs ?? 60_000;
    if (Date.now() - this.lastHousekeeping >= every) {
      this.lastHousekeeping = Date.now();
      await this.housekeeping();
    }
    while (!this.stopped) {
      const claim = await this.claim();
      if (!claim) return;
      await this.prepare(claim);
    }
  }

  /** Expired ZIPs removed, abandoned exports queued again (or failed, the second time), stale temporary files removed. */
  async housekeeping(): Promise<void> {
    const { db, storage } = this.deps;
    const expired = await db
      .select({ id: dataExports.id, userId: dataExports.userId, fileKey: dataExports.fileKey })
      .from(dataExports)
      .where(
        and(eq(dataExports.status, "ready"), isNotNull(dataExports.fileKey), lte(dataExports.expiresAt, sql`now()`)),
      );
    for (const row of expired) {
      // Removing a file twice is no error: two instances may both get here.
      await storage.delete(EXPORTS_BUCKET, row.fileKey!);
      await db
        .update(dataExports)
        .set({ fileKey: null })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.fileKey, row.fileKey!)));
      await publishChanges(this.deps.bus, [{ table: "data_exports", userId: row.userId }]);
    }
    const abandoned = await db
      .update(dataExports)
      .set({
        status: sql`case when ${dataExports.error} = ${INTERRUPTED} then 'failed' else 'pending' end`,
        error: sql`case when ${dataExports.error} = ${INTERRUPTED} then 'interrupted twice: not tried again' else ${INTERRUPTED} end`,
        progress: 0,
        startedAt: null,
        expiresAt: null,
      })
      .where(and(eq(dataExports.status, "running"), lte(dataExports.expiresAt, sql`now()`)))
      .returning({ id: dataExports.id, userId: dataExports.userId, status: dataExports.status });
    for (const row of abandoned)
      this.log(
        `Data export ${row.id} was left running by a stopped process: ${row.status === "failed" ? "failed" : "queued again"}`,
      );
    await publishChanges(
      this.deps.bus,
      abandoned.map((row) => ({ table: "data_exports", userId: row.userId })),
    );
    await this.removeStaleTemporaryFiles();
  }

  private get temporaryFolder(): string {
    return path.join(this.deps.dataDir, "tmp", "data-exports");
  }

  /** Temporary ZIPs a crash left behind (a day old: another process of the same data folder may be writing one). */
  private async removeStaleTemporaryFiles(): Promise<void> {
    const names = await readdir(this.temporaryFolder).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(this.temporaryFolder, name);
      const modified = await stat(file).then(
        (found) => found.mtimeMs,
        () => Date.now(),
      );
      if (Date.now() - modified > TEMP_MAX_AGE_MS) await rm(file, { force: true });
    }
  }

  private leaseSql() {
    return sql`now() + make_interval(secs => ${(this.options.leaseMs ?? 5 * 60_000) / 1000})`;
  }

  /** The oldest waiting export, now this worker's; undefined when none waits (or every one is being claimed). */
  private async claim(): Promise<Claim | undefined> {
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: dataExports.id, userId: dataExports.userId, withSecrets: dataExports.withSecrets })
        .from(dataExports)
        .where(eq(dataExports.status, "pending"))
        .orderBy(asc(dataExports.createdAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return undefined;
      // Milliseconds, as JavaScript keeps them: the later writes compare it exactly.
      const startedAt = new Date();
      await tx
        .update(dataExports)
        .set({ status: "running", progress: 0, startedAt, expiresAt: this.leaseSql() })
        .where(eq(dataExports.id, row.id));
      return { ...row, startedAt };
    });
  }

  private ours(claim: Claim) {
    return and(
      eq(dataExports.id, claim.id),
      eq(dataExports.status, "running"),
      eq(dataExports.startedAt, claim.startedAt),
    );
  }

  private async prepare(claim: Claim): Promise<void> {
    const { db, bus, storage } = this.deps;
    await publishChanges(bus, [{ table: "data_exports", userId: claim.userId }]);
    await mkdir(this.temporaryFolder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    const zipPath = path.join(this.temporaryFolder, `${claim.id}-${randomBytes(4).toString("hex")}.zip`);
    const reporter = new ProgressReporter(
      async (percent) => {
        const renewed = await db
          .update(dataExports)
          .set({ progress: percent, expiresAt: this.leaseSql() })
          .where(this.ours(claim))
          .returning({ id: dataExports.id });
        if (renewed.length === 0) throw new ClaimLost(`Data export ${claim.id} is no longer this worker's`);
        await publishChanges(bus, [{ table: "data_exports", userId: claim.userId }]);
      },
      () => this.stopped,
      this.options.progressEveryMs ?? 1_000,
      (this.options.leaseMs ?? 5 * 60_000) / 3,
    );
    const key = exportKey(claim.userId, claim.id);
    let stored = false;
    const controller = new AbortController();
    this.current = controller;
    const maxRunMs = this.options.maxRunMs ?? 2 * 60 * 60_000;
    const deadline = setTimeout(
      () => controller.abort(new Error(`Still not ready after ${Math.round(maxRunMs / 1000)} s: stopped`)),
      maxRunMs,
    );
    deadline.unref();
    try {
      const i18n = (await i18nOfUsers(db, [claim.userId]))(claim.userId);
      const subject = { userId: claim.userId, withSecrets: claim.withSecrets, i18n };
      const { size } = await buildDataExport(
        this.deps,
        subject,
        zipPath,
        (percent) => reporter.report(percent),
        controller.signal,
      );
      await reporter.report(exportProgress("storing", 0, 1), { now: true });
      await storeStream(storage, EXPORTS_BUCKET, key, createReadStream(zipPath), {
        contentType: "application/zip",
        size,
      });
      stored = true;
      await reporter.finish();
      const changes = await db.transaction(async (tx) => {
        const [ready] = await tx
          .update(dataExports)
          .set({
            status: "ready",
            progress: 100,
            fileKey: key,
            size,
            error: null,
            readyAt: sql`now()`,
            expiresAt: sql`now() + make_interval(secs => ${DOWNLOAD_VALID_MS / 1000})`,
          })
          .where(this.ours(claim))
          .returning({ id: dataExports.id });
        if (!ready) throw new ClaimLost(`Data export ${claim.id} is no longer this worker's`);
        // Secrets written out in clear are a reveal, as each one shown on the Credentials page is: on the record.
        if (claim.withSecrets) {
          await recordAuditEvent(tx, {
            actorId: claim.userId,
            action: "secret.reveal",
            customerId: claim.userId,
            detail: { kind: "data_export", id: claim.id },
          });
        }
        return notify(tx, {
          to: { customer: claim.userId },
          type: "data_export_ready",
          data: { withSecrets: claim.withSecrets },
        });
      });
      await publishChanges(bus, [...changes, { table: "data_exports", userId: claim.userId }]);
    } catch (error) {
      await reporter.finish().catch(() => {});
      await this.settleFailure(claim, error, stored ? key : null);
    } finally {
      clearTimeout(deadline);
      this.current = undefined;
      await rm(zipPath, { force: true });
    }
  }

  /** After a failed build: back to the queue when stopping, nothing when the claim was lost, else failed with the reason. */
  private async settleFailure(claim: Claim, error: unknown, storedKey: string | null): Promise<void> {
    const { db, bus, storage } = this.deps;
    if (error instanceof ClaimLost) {
      // The row went with its account: nobody will name the ZIP. Taken over: the new worker writes the same key.
      const [row] = await db.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.id, claim.id));
      if (!row && storedKey) await storage.delete(EXPORTS_BUCKET, storedKey).catch(() => {});
      this.log(`Data export ${claim.id} stopped: ${row ? "another worker took it over" : "its account was deleted"}`);
      return;
    }
    if (storedKey) await storage.delete(EXPORTS_BUCKET, storedKey).catch(() => {});
    if (error instanceof Stopping) {
      await db
        .update(dataExports)
        .set({ status: "pending", progress: 0, startedAt: null, expiresAt: null })
        .where(this.ours(claim));
      await publishChanges(bus, [{ table: "data_exports", userId: claim.userId }]);
      return;
    }
    this.log(`Data export ${claim.id} failed: ${message(error)}`);
    await db
      .update(dataExports)
      .set({ status: "failed", error: message(error).slice(0, 500), expiresAt: null })
      .where(this.ours(claim));
    await publishChanges(bus, [{ table: "data_exports", userId: claim.userId }]);
  }
}

/**
 * Writes an export's progress at most every `everyMs` (each write renews the claim's lease and tells the page), and
 * renews the lease every `heartbeatMs` even when nothing moves (one large file being copied). Writes go one at a
 * time; a failed one (the claim lost) is thrown by the next report. A report while the worker stops throws Stopping.
 */
class ProgressReporter {
  private lastWritten = -1;
  private lastWriteAt = 0;
  private latest = 0;
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly write: (percent: number) => Promise<void>,
    private readonly stopping: () => boolean,
    private readonly everyMs: number,
    heartbeatMs: number,
  ) {
    this.heartbeat = setInterval(() => void this.enqueue(this.latest), heartbeatMs);
    this.heartbeat.unref();
  }

  async report(percent: number, { now = false }: { now?: boolean } = {}): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.stopping()) throw new Stopping("The worker is stopping");
    this.latest = Math.max(this.latest, percent);
    if (this.latest === this.lastWritten || (!now && Date.now() - this.lastWriteAt < this.everyMs)) return;
    await this.enqueue(this.latest);
    if (this.failure) throw this.failure;
  }

  /** Stops the heartbeat and waits for the write under way. */
  async finish(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.chain;
    if (this.failure) throw this.failure;
  }

  private enqueue(percent: number): Promise<void> {
    this.lastWriteAt = Date.now();
    this.lastWritten = percent;
    this.chain = this.chain.then(async () => {
      if (this.failure) return;
      try {
        await this.write(percent);
      } catch (error) {
        this.failure = error;
      }
    });
    return this.chain;
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
