/**
 * How long a session lives and when sign-in locks an account: the one place these numbers are read
 * (from settings; the admin settings screen will edit them later). See docs/decisions/012.
 */
export interface SessionLimits {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however active. */
  maxMs: number;
}

export interface SessionPolicy {
  admin: SessionLimits;
  customer: SessionLimits;
}

export interface LockoutPolicy {
  /** Failed sign-ins (any client address) that lock the account. */
  maxFailures: number;
  /** How long the lock lasts, and the window the failures are counted in. */
  lockMs: number;
}

/** The settings these are made from (app/lib/config/env.server.ts), with their defaults there. */
export interface SessionSettings {
  ADMIN_SESSION_IDLE_MINUTES: number;
  ADMIN_SESSION_MAX_HOURS: number;
  CUSTOMER_SESSION_IDLE_DAYS: number;
  CUSTOMER_SESSION_MAX_DAYS: number;
  SIGN_IN_MAX_FAILURES: number;
  SIGN_IN_LOCK_MINUTES: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function sessionPolicyFrom(settings: SessionSettings): SessionPolicy {
  return {
    admin: { idleMs: settings.ADMIN_SESSION_IDLE_MINUTES * MINUTE, maxMs: settings.ADMIN_SESSION_MAX_HOURS * HOUR },
    customer: { idleMs: settings.CUSTOMER_SESSION_IDLE_DAYS * DAY, maxMs: settings.CUSTOMER_SESSION_MAX_DAYS * DAY },
  };
}

export function lockoutPolicyFrom(settings: SessionSettings): LockoutPolicy {
  return { maxFailures: settings.SIGN_IN_MAX_FAILURES, lockMs: settings.SIGN_IN_LOCK_MINUTES * MINUTE };
}

/** The team (admins and staff) has the admins' limits; customers theirs. */
export function limitsFor(policy: SessionPolicy, isTeam: boolean): SessionLimits {
  return isTeam ? policy.admin : policy.customer;
}

/** The longest any session may live: the session cookie's lifetime. */
export function longestSessionMs(policy: SessionPolicy): number {
  return Math.max(policy.admin.maxMs, policy.customer.maxMs);
}

export interface SessionTimes {
  createdAt: Date;
  /** The last time the session was used (the session row's updatedAt). */
  lastUsedAt: Date;
}

/** When the session ends if it is not used again: the earlier of the idle and the absolute limit. */
export function sessionDeadline(limits: SessionLimits, times: SessionTimes): Date {
  return new Date(Math.min(times.lastUsedAt.getTime() + limits.idleMs, times.createdAt.getTime() + limits.maxMs));
}

export function sessionExpired(limits: SessionLimits, times: SessionTimes, now: Date): boolean {
  return now.getTime() >= sessionDeadline(limits, times).getTime();
}

/**
 * Recording every request would write on every page; recording at most once per this interval keeps
 * the idle limit exact to within it (a minute for admins, far less than their 30 minutes).
 */
export function touchIntervalMs(limits: SessionLimits): number {
  return Math.min(MINUTE, Math.floor(limits.idleMs / 30));
}
