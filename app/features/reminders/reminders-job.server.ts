import { REMINDER_CHECK_MS } from "./reminders";
import { runReminders, type RemindersOutcome } from "./run-reminders.server";

interface RemindersJobOptions {
  /** The first look after start: not at once, so a start's own work (migrations, the sweep) goes first. */
  firstCheckMs?: number;
  /** The wait between two looks; a full batch looks again soon after. */
  checkEveryMs?: number;
  log?: (line: string) => void;
  logError?: (line: string) => void;
}

/** After a full batch: the next look comes this soon, so a backlog goes out in minutes, not in hours. */
const BACKLOG_CHECK_MS = 5_000;

/**
 * Looks for reminders due every quarter of an hour, on every instance: the job's advisory lock lets one of them at
 * a time run it. The timer never keeps the process alive; `stop()` ends a run between two customers and waits for it.
 */
export class RemindersJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RemindersOutcome> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: Parameters<typeof runReminders>[0],
    private readonly options: RemindersJobOptions = {},
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(this.options.firstCheckMs ?? 90_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }

  /** One run now (or the one already under way). */
  runOnce(): Promise<RemindersOutcome> {
    this.running ??= runReminders(this.deps, { shouldStop: () => this.stopped }).finally(
      () => (this.running = undefined),
    );
    return this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.check(), delayMs);
    this.timer.unref();
  }

  private async check(): Promise<void> {
    const { log = console.log, logError = console.error } = this.options;
    let next = this.options.checkEveryMs ?? REMINDER_CHECK_MS;
    try {
      const outcome = await this.runOnce();
      if (outcome.ran && outcome.reminders > 0) {
        log(`Reminders: sent ${outcome.reminders} reminder(s) to ${outcome.customers} customer(s)`);
      }
      if (outcome.ran && outcome.more) next = BACKLOG_CHECK_MS;
    } catch (error) {
      // The database unreachable for a moment: logged, and the next look tries again; never an unhandled rejection.
      logError(`Reminders run failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.schedule(next);
  }
}
