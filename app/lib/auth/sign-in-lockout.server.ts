import { clearAttempts, countAttempt, peekAttempts } from "./attempt-counter.server";
import type { Executor } from "../db/db.server";
import type { LockoutPolicy } from "./session-policy";

/**
 * Failed sign-ins are counted per account, whatever the client address (the per-address rate limit is
 * Better Auth's). The failures and the lock are two counters: the lock starts at the failure that
 * reaches the limit and lasts the full lock time from there.
 */
const normalize = (email: string) => email.trim().toLowerCase();
const failuresKey = (email: string) => `sign-in-failures:${normalize(email)}`;
const lockKey = (email: string) => `sign-in-lock:${normalize(email)}`;

export const ACCOUNT_LOCKED = "ACCOUNT_LOCKED";

export function lockedMessage(policy: LockoutPolicy): string {
  const minutes = Math.round(policy.lockMs / 60_000);
  return `Too many failed sign-ins: this account is locked for ${minutes} minutes. Please try again later.`;
}

/** When the account's lock ends, or null when it is not locked. */
export async function signInLockedUntil(db: Executor, policy: LockoutPolicy, email: string, now = new Date()): Promise<Date | null> {
  const lock = await peekAttempts(db, lockKey(email), { windowMs: policy.lockMs, max: 0 }, now);
  return lock.count > 0 ? lock.resetsAt : null;
}

/** Counts a failed sign-in; returns true when this failure locked the account. */
export async function recordSignInFailure(db: Executor, policy: LockoutPolicy, email: string, now = new Date()): Promise<boolean> {
  const failures = await countAttempt(db, failuresKey(email), { windowMs: policy.lockMs, max: policy.maxFailures }, now);
  if (failures.count < policy.maxFailures) return false;
  await countAttempt(db, lockKey(email), { windowMs: policy.lockMs, max: 0 }, now);
  await clearAttempts(db, failuresKey(email));
  return true;
}

/** A successful sign-in forgets the failures before it. */
export async function clearSignInFailures(db: Executor, email: string): Promise<void> {
  await clearAttempts(db, failuresKey(email));
}
