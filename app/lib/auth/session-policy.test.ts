import { describe, expect, it } from "vitest";
import {
  limitsFor,
  lockoutPolicyFrom,
  longestSessionMs,
  sessionDeadline,
  sessionExpired,
  sessionPolicyFrom,
  touchIntervalMs,
} from "./session-policy";

const defaults = {
  ADMIN_SESSION_IDLE_MINUTES: 30,
  ADMIN_SESSION_MAX_HOURS: 12,
  CUSTOMER_SESSION_IDLE_DAYS: 7,
  CUSTOMER_SESSION_MAX_DAYS: 30,
  SIGN_IN_MAX_FAILURES: 5,
  SIGN_IN_LOCK_MINUTES: 15,
};
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const policy = sessionPolicyFrom(defaults);
const t0 = new Date("2026-03-01T08:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("session policy", () => {
  it("admins: 30 minutes idle, 12 hours absolute; customers: 7 days idle, 30 days absolute", () => {
    expect(limitsFor(policy, true)).toEqual({ idleMs: 30 * MINUTE, maxMs: 12 * HOUR });
    expect(limitsFor(policy, false)).toEqual({ idleMs: 7 * DAY, maxMs: 30 * DAY });
    expect(longestSessionMs(policy)).toBe(30 * DAY);
    expect(lockoutPolicyFrom(defaults)).toEqual({ maxFailures: 5, lockMs: 15 * MINUTE });
  });

  it("a session ends at the earlier of its idle and its absolute limit", () => {
    const admin = limitsFor(policy, true);
    expect(sessionDeadline(admin, { createdAt: t0, lastUsedAt: t0 })).toEqual(at(30 * MINUTE));
    expect(sessionDeadline(admin, { createdAt: t0, lastUsedAt: at(11 * HOUR + 50 * MINUTE) })).toEqual(at(12 * HOUR));
    expect(sessionExpired(admin, { createdAt: t0, lastUsedAt: t0 }, at(30 * MINUTE - 1))).toBe(false);
    expect(sessionExpired(admin, { createdAt: t0, lastUsedAt: t0 }, at(30 * MINUTE))).toBe(true);
    expect(sessionExpired(admin, { createdAt: t0, lastUsedAt: at(12 * HOUR - MINUTE) }, at(12 * HOUR))).toBe(true);
  });

  it("records use at most once a minute, and often enough for a short idle limit", () => {
    expect(touchIntervalMs(limitsFor(policy, true))).toBe(MINUTE);
    expect(touchIntervalMs({ idleMs: 5 * MINUTE, maxMs: HOUR })).toBe(10_000);
  });
});
