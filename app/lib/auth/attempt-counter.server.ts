import { and, eq, sql } from "drizzle-orm";
import { attemptCounters } from "~db/schema";
import type { Executor } from "../db/db.server";

export interface AttemptWindow {
  /** How long a window lasts, from its first attempt. */
  windowMs: number;
  /** Attempts allowed in one window. */
  max: number;
}

export interface AttemptCount {
  /** Attempts in the current window, this one included. */
  count: number;
  /** True while the count is within the window's maximum. */
  allowed: boolean;
  /** When the current window ends. */
  resetsAt: Date;
}

/**
 * Counts one attempt under `key` in one atomic upsert, so concurrent requests on several instances
 * never lose a count: a window that has ended starts again at 1.
 */
export async function countAttempt(
  executor: Executor,
  key: string,
  window: AttemptWindow,
  now = new Date(),
): Promise<AttemptCount> {
  const windowStart = new Date(now.getTime() - window.windowMs);
  const [row] = await executor
    .insert(attemptCounters)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`case when ${attemptCounters.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then 1 else ${attemptCounters.count} + 1 end`,
        windowStartedAt: sql`case when ${attemptCounters.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${attemptCounters.windowStartedAt} end`,
      },
    })
    .returning();
  return toCount(row!, window);
}

/** The current window's count without adding to it (0 when there is none or it has ended). */
export async function peekAttempts(
  executor: Executor,
  key: string,
  window: AttemptWindow,
  now = new Date(),
): Promise<AttemptCount> {
  const [row] = await executor.select().from(attemptCounters).where(eq(attemptCounters.key, key));
  if (!row || row.windowStartedAt.getTime() <= now.getTime() - window.windowMs) {
    return { count: 0, allowed: true, resetsAt: new Date(now.getTime() + window.windowMs) };
  }
  return toCount(row, window);
}

/**
 * Takes back one attempt that `countAttempt` counted (`counted` is what it answered) once it turns out not to be one
 * that counts: counting first and giving back after lets concurrent requests never all slip under the maximum, as a
 * look before and a count after would. A window that has started again since is left alone.
 */
export async function giveBackAttempt(
  executor: Executor,
  key: string,
  counted: AttemptCount,
  window: AttemptWindow,
): Promise<void> {
  const windowStartedAt = new Date(counted.resetsAt.getTime() - window.windowMs);
  await executor
    .update(attemptCounters)
    .set({ count: sql`greatest(${attemptCounters.count} - 1, 0)` })
    .where(and(eq(attemptCounters.key, key), eq(attemptCounters.windowStartedAt, windowStartedAt)));
}

/** Forgets the attempts under `key` (a successful sign-in clears its failures). */
export async function clearAttempts(executor: Executor, key: string): Promise<void> {
  await executor.delete(attemptCounters).where(eq(attemptCounters.key, key));
}

function toCount(row: typeof attemptCounters.$inferSelect, window: AttemptWindow): AttemptCount {
  return {
    count: row.count,
    allowed: row.count <= window.max,
    resetsAt: new Date(row.windowStartedAt.getTime() + window.windowMs),
  };
}
