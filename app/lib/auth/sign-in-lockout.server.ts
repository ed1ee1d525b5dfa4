import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { cookieValue } from "../http/cookies";
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

/** How long a lock lasts, in whole minutes: the refusal carries it as data and the form words it. */
export function lockMinutes(policy: LockoutPolicy): number {
  return Math.round(policy.lockMs / 60_000);
}

/** When the account's lock ends, or null when it is not locked. */
export async function signInLockedUntil(
  db: Executor,
  policy: LockoutPolicy,
  email: string,
  now = new Date(),
): Promise<Date | null> {
  const lock = await peekAttempts(db, lockKey(email), { windowMs: policy.lockMs, max: 0 }, now);
  return lock.count > 0 ? lock.resetsAt : null;
}

/** Counts a failed sign-in; returns true when this failure locked the account. */
export async function recordSignInFailure(
  db: Executor,
  policy: LockoutPolicy,
  email: string,
  now = new Date(),
): Promise<boolean> {
  const failures = await countAttempt(
    db,
    failuresKey(email),
    { windowMs: policy.lockMs, max: policy.maxFailures },
    now,
  );
  if (failures.count < policy.maxFailures) return false;
  await countAttempt(db, lockKey(email), { windowMs: policy.lockMs, max: 0 }, now);
  await clearAttempts(db, failuresKey(email));
  return true;
}

/** A successful sign-in forgets the failures before it. */
export async function clearSignInFailures(db: Executor, email: string): Promise<void> {
  await clearAttempts(db, failuresKey(email));
}

/*
 * Trusted devices (OWASP's device cookies): a browser that signed in to an account gets a signed cookie naming that
 * account, kept across sign-out. While the account is locked, such a browser may still sign in: the lock is there to
 * stop guessing from elsewhere, and it should not let anyone lock the owner out. Failures from a trusted device are
 * counted against that device instead of the account; past the same limit the device loses its trust for the lock
 * time.
 */
const deviceFailuresKey = (nonce: string) => `device-failures:${nonce}`;
const deviceLockKey = (nonce: string) => `device-lock:${nonce}`;
const DEVICE_COOKIE_PREFIX = "device_";
/** A year: the trust outlives sessions and sign-outs. */
const DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;

const sign = (secret: string, email: string, nonce: string) =>
  createHmac("sha256", secret)
    .update(`${normalize(email)}|${nonce}`)
    .digest("base64url");

/** The cookie's name for an account: one per account a browser signed in to, without the address in clear. */
export function deviceCookieName(secret: string, email: string): string {
  return (
    DEVICE_COOKIE_PREFIX +
    createHmac("sha256", secret)
      .update(`device-name|${normalize(email)}`)
      .digest("base64url")
      .slice(0, 16)
  );
}

/** A new device token for the account: `nonce.signature`. */
export function newDeviceToken(secret: string, email: string): string {
  const nonce = randomBytes(16).toString("base64url");
  return `${nonce}.${sign(secret, email, nonce)}`;
}

/** A device cookie's attributes: HttpOnly, sent only to the auth endpoints, for a year. */
export function deviceCookieOptions(secure: boolean) {
  return { path: "/api/auth", maxAge: DEVICE_COOKIE_SECONDS, httpOnly: true, sameSite: "lax", secure } as const;
}

/** The device's nonce when the request carries a valid device cookie for this account; else null. */
export function deviceNonce(secret: string, email: string, cookieHeader: string | null | undefined): string | null {
  const name = deviceCookieName(secret, email);
  const [nonce, signature] = cookieValue(cookieHeader, name)?.split(".") ?? [];
  if (!nonce || !signature) return null;
  const expected = Buffer.from(sign(secret, email, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
}

/** Whether this device lost its trust (too many failures from it). */
export async function deviceDistrusted(
  db: Executor,
  policy: LockoutPolicy,
  nonce: string,
  now = new Date(),
): Promise<boolean> {
  return (await peekAttempts(db, deviceLockKey(nonce), { windowMs: policy.lockMs, max: 0 }, now)).count > 0;
}

/** Counts a failed sign-in from a trusted device; past the limit the device is distrusted for the lock time. */
export async function recordDeviceFailure(
  db: Executor,
  policy: LockoutPolicy,
  nonce: string,
  now = new Date(),
): Promise<void> {
  const failures = await countAttempt(
    db,
    deviceFailuresKey(nonce),
    { windowMs: policy.lockMs, max: policy.maxFailures },
    now,
  );
  if (failures.count < policy.maxFailures) return;
  await countAttempt(db, deviceLockKey(nonce), { windowMs: policy.lockMs, max: 0 }, now);
  await clearAttempts(db, deviceFailuresKey(nonce));
}

/*
 * A growing delay per account and address: each failure from one address doubles the wait before that address's
 * next attempt at the account is looked at (125 ms, 250 ms... up to 2 s), which slows guessing long before the lock
 * and costs a person who mistypes nothing they would notice.
 */
const slowKey = (email: string, address: string) => `sign-in-slow:${normalize(email)}:${address}`;
const MAX_DELAY_MS = 2_000;

/** The wait before an attempt, after `failures` failures from this address at this account. */
export function signInDelayMs(failures: number): number {
  return failures <= 0 ? 0 : Math.min(125 * 2 ** (failures - 1), MAX_DELAY_MS);
}

/** The wait before this address's next attempt at the account. */
export async function pendingSignInDelayMs(
  db: Executor,
  policy: LockoutPolicy,
  email: string,
  address: string,
  now = new Date(),
): Promise<number> {
  return signInDelayMs(
    (await peekAttempts(db, slowKey(email, address), { windowMs: policy.lockMs, max: 0 }, now)).count,
  );
}

/** Counts a failure from this address at the account (the delay's count). */
export async function recordSlowDown(
  db: Executor,
  policy: LockoutPolicy,
  email: string,
  address: string,
  now = new Date(),
): Promise<void> {
  await countAttempt(db, slowKey(email, address), { windowMs: policy.lockMs, max: 0 }, now);
}

/** A successful sign-in from this address starts its delay over. */
export async function clearSlowDown(db: Executor, email: string, address: string): Promise<void> {
  await clearAttempts(db, slowKey(email, address));
}
