/**
 * A very short-lived memory of signed-in requests' session users, keyed by the request's Cookie header
 * (docs/decisions/025): a burst of page loads by one browser reads the session, role and profile once instead of
 * four queries each time. Only reads are served from it; the caller clears it on any write on this instance and on
 * any change to sessions, roles or profiles another instance publishes, so what it can serve stale is bounded by
 * `ttlMs` and only for a change made elsewhere (a sign-out on another instance).
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();
  private readonly loading = new Map<string, Promise<unknown>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    // Bounded: rather than track ages, start over when full (each entry lives ttlMs at most anyway).
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, at: this.now() });
  }

  /**
   * One load at a time per key: callers that miss while a load for the same key is under way share it. When an
   * entry expires under a burst (200 requests of one browser in flight) the session is read once, not 200 times.
   * A cleared cache forgets the loads under way, so a caller after a write never shares a read made before it.
   */
  shared<R>(key: string, load: () => Promise<R>): Promise<R> {
    const pending = this.loading.get(key) as Promise<R> | undefined;
    if (pending) return pending;
    const started = load().finally(() => {
      if (this.loading.get(key) === started) this.loading.delete(key);
    });
    this.loading.set(key, started);
    return started;
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Tables whose change can end a session or change what the session user holds (role, name, picture, and whether an
 * admin must enrol in two-factor first: the admin settings).
 */
export const SESSION_TABLES: ReadonlySet<string> = new Set([
  "session",
  "user",
  "user_roles",
  "customer_assignments",
  "profiles",
  "account",
  "admin_settings",
]);
