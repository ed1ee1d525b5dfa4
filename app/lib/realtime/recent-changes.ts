import type { Change } from "./realtime";

/** Clocks of the instances behind one load balancer may differ a little (NTP keeps them well within this). */
export const CLOCK_MARGIN_MS = 2_000;
/** On the process that read the data the clock is the same; this covers loaders started in the same instant. */
export const SAME_PROCESS_MARGIN_MS = 100;

/** When and where a page's data was read, as the page sends it back (`<ms>-<process id>`, live-since token). */
export interface DataRead {
  at: number;
  process?: string;
}

export function formatDataRead(at: number, process: string): string {
  return `${at}-${process}`;
}

/** Reads a live-since token; null when it is not one. */
export function parseDataRead(token: unknown): DataRead | null {
  if (typeof token !== "string") return null;
  const match = /^(\d{1,15})(?:-([A-Za-z0-9]{1,36}))?$/.exec(token);
  if (!match) return null;
  return { at: Number(match[1]), process: match[2] };
}

/**
 * The changes a bus delivered in the last minute, so a live stream opened by a page can tell whether anything its
 * viewer may see changed since the page's data was read (docs/decisions/025). Without it, every page load reloaded
 * its data once when its stream opened, "to catch up": a second data request on every screen.
 */
export class RecentChanges {
  private entries: { at: number; change: Change }[] = [];
  private resyncAt = -Infinity;
  private readonly startedAt: number;

  constructor(
    private readonly keepMs = 60_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
  }

  record(change: Change): void {
    const at = this.now();
    this.entries.push({ at, change });
    let drop = 0;
    while (
      drop < this.entries.length &&
      (this.entries[drop]!.at < at - this.keepMs || this.entries.length - drop > this.maxEntries)
    )
      drop++;
    if (drop > 0) this.entries.splice(0, drop);
  }

  /** Changes may have been lost (the bus reconnected): every stream opened for older data must reload. */
  recordResync(): void {
    this.resyncAt = this.now();
  }

  /**
   * Whether a viewer whose data was read at `since` (ms since the epoch, minus `marginMs` for clocks) may have missed
   * a change it can see. When
   * the memory does not reach back that far (this instance started later, the change is older than a minute, or the
   * memory is full) the answer is yes: a needless reload is harmless, a missed change is not.
   */
  missedSince(since: number, canSee: (change: Change) => boolean, marginMs = CLOCK_MARGIN_MS): boolean {
    const from = since - marginMs;
    const oldest = this.entries.length >= this.maxEntries ? this.entries[0]!.at : this.now() - this.keepMs;
    if (from < this.startedAt || from < oldest) return true;
    if (this.resyncAt >= from) return true;
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const entry = this.entries[i]!;
      if (entry.at < from) break;
      if (canSee(entry.change)) return true;
    }
    return false;
  }
}
