import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import pg from "pg";
import type { Change } from "./realtime";
import { formatDataRead, RecentChanges } from "./recent-changes";

export type ChangeListener = (change: Change) => void;
export type ResyncListener = () => void;

/** Publishes what a committed transaction changed, once per distinct table and user. */
export async function publishChanges(bus: ChangeBus, changes: readonly Change[]): Promise<void> {
  const seen = new Map(changes.map((change) => [`${change.table}:${change.userId}`, change]));
  await Promise.all([...seen.values()].map((change) => bus.publish(change)));
}

/** This process, in live-since tokens: a stream served by the process that read the page's data needs no clock margin. */
export const PROCESS_ID = randomUUID().replaceAll("-", "").slice(0, 12);

/** The layouts' loaders return this, taken before their reads; the page opens its live stream with it (decision 025). */
export function liveSince(): string {
  return formatDataRead(Date.now(), PROCESS_ID);
}

export interface ChangeBus {
  publish(change: Change): Promise<void>;
  subscribe(listener: ChangeListener): () => void;
  /** Called when changes may have been lost (the bus reconnected), so viewers should reload. */
  onResync(listener: ResyncListener): () => void;
  close(): Promise<void>;
  /** Whether a viewer whose data was read at `since` may have missed a change it can see (RecentChanges). */
  missedSince?(since: number, canSee: (change: Change) => boolean, marginMs?: number): boolean;
}

class ListenerSet {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  on<T extends unknown[]>(event: string, listener: (...args: T) => void): () => void {
    this.emitter.on(event, listener as (...args: unknown[]) => void);
    return () => this.emitter.off(event, listener as (...args: unknown[]) => void);
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.emitter.listeners(event)) {
      try {
        (listener as (...a: unknown[]) => void)(...args);
      } catch (error) {
        console.error("Change listener failed:", error);
      }
    }
  }
}

/** One app instance: changes travel in memory. */
export class InProcessChangeBus implements ChangeBus {
  private readonly listeners = new ListenerSet();
  private readonly recent = new RecentChanges();

  async publish(change: Change): Promise<void> {
    this.recent.record(change);
    this.listeners.emit("change", change);
  }

  missedSince(since: number, canSee: (change: Change) => boolean, marginMs?: number): boolean {
    return this.recent.missedSince(since, canSee, marginMs);
  }

  subscribe(listener: ChangeListener): () => void {
    return this.listeners.on("change", listener);
  }

  onResync(listener: ResyncListener): () => void {
    return this.listeners.on("resync", listener);
  }

  async close(): Promise<void> {}
}

const CHANGE_CHANNEL = "app_changes";

/**
 * Several app instances on one PostgreSQL: changes travel through LISTEN/NOTIFY. Listening holds a
 * dedicated connection (a pooled one would be handed to other queries); it reconnects with back-off
 * and announces a resync after a reconnect, because notifications sent meanwhile are lost.
 */
export class PgChangeBus implements ChangeBus {
  private readonly listeners = new ListenerSet();
  private readonly recent = new RecentChanges();
  private client: pg.Client | undefined;
  private closed = false;
  private retryDelay = 250;
  private retryTimer: NodeJS.Timeout | undefined;
  private connectedOnce = false;
  private readonly ready: Promise<void>;

  constructor(
    private readonly connectionString: string,
    private readonly publisher: pg.Pool,
    private readonly channel = CHANGE_CHANNEL,
  ) {
    this.ready = this.connect();
  }

  /** Resolves once the first LISTEN is in place. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on("notification", (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      try {
        const change = JSON.parse(message.payload) as Change;
        this.recent.record(change);
        this.listeners.emit("change", change);
      } catch {
        console.error("Ignored a malformed change notification");
      }
    });
    client.on("error", (error) => console.error("Change bus connection error:", error.message));
    client.on("end", () => {
      if (this.client === client) this.client = undefined;
      this.scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    } catch (error) {
      console.error("Change bus could not listen:", (error as Error).message);
      client.removeAllListeners("end");
      await client.end().catch(() => {});
      this.scheduleReconnect();
      if (!this.connectedOnce) throw error;
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryDelay = 250;
    if (this.connectedOnce) {
      this.recent.recordResync();
      this.listeners.emit("resync");
    }
    this.connectedOnce = true;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, 10_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect().catch(() => {});
    }, delay);
  }

  async publish(change: Change): Promise<void> {
    await this.publisher.query("select pg_notify($1, $2)", [this.channel, JSON.stringify(change)]);
  }

  subscribe(listener: ChangeListener): () => void {
    return this.listeners.on("change", listener);
  }

  onResync(listener: ResyncListener): () => void {
    return this.listeners.on("resync", listener);
  }

  missedSince(since: number, canSee: (change: Change) => boolean, marginMs?: number): boolean {
    return this.recent.missedSince(since, canSee, marginMs);
  }

  /** For tests: drop the listening connection as a network failure would. */
  async dropConnection(): Promise<void> {
    await this.client?.end();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
    }
  }
}
