import { lastRetentionRun, runRetention, type RetentionOutcome } from "./run-retention.server";
import { nextRetentionCheckMs, RETENTION_CHECK_MS } from "./retention";
import type { Deps } from "~/lib/services.server";

interface RetentionJobOptions {
  /** The first look after start: not at once, so a start's own work (migrations, the sweep) goes first. */
  firstCheckMs?: number;
  /** The longest wait between two looks (an hour): another instance may have run it meanwhile. */
  checkEveryMs?: number;
  log?: (line: string) => void;
  logError?: (line: string) => void;
}

/**
 * Runs the retention clean-up once a day from whichever instance gets to it: each instance looks when the last run
 * (kept in the database) is a day old, and at least hourly; the advisory lock and the last run make sure one of them
 * does it. The timer never keeps the process alive; `stop()` ends a run between two batches and waits for it.
 */
export class RetentionJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RetentionOutcome> | undefined;
  private checking: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: Pick<Deps, "database" | "outboxDir">,
    private readonly options: RetentionJobOptions = {},
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(this.options.firstCheckMs ?? 60_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.all([this.running?.catch(() => {}), this.checking]);
  }

  /** One look: runs the clean-up if it is due and no other instance is at it. */
  runOnce(): Promise<RetentionOutcome> {
    this.running ??= runRetention(this.deps, { shouldStop: () => this.stopped }).finally(
      () => (this.running = undefined),
    );
    return this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.checking = this.check().finally(() => (this.checking = undefined));
    }, delayMs);
    this.timer.unref();
  }

  private async check(): Promise<void> {
    const { log = console.log, logError = console.error } = this.options;
    let next = this.options.checkEveryMs ?? RETENTION_CHECK_MS;
    try {
      const outcome = await this.runOnce();
      if (this.stopped) return;
      if (outcome.ran) {
        const { readNotifications, auditEvents, sentEmails } = outcome.run.removed;
        log(
          `Retention: removed ${readNotifications} read notification(s), ${auditEvents} audit event(s), ${sentEmails} e-mail(s)`,
        );
      }
      // Look again when the day is up (or within the hour, whoever ran it).
      next = nextRetentionCheckMs(await lastRetentionRun(this.deps.database.db), new Date(), next);
    } catch (error) {
      // The database unreachable for a moment: logged, and the next look tries again; never an unhandled rejection.
      logError(`Retention clean-up failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.schedule(next);
  }
}
