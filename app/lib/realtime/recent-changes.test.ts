import { describe, expect, it } from "vitest";
import {
  CLOCK_MARGIN_MS,
  formatDataRead,
  parseDataRead,
  RecentChanges,
  SAME_PROCESS_MARGIN_MS,
} from "./recent-changes";
import type { Change } from "./realtime";

const A = "user-a";
const B = "user-b";
const own = (userId: string) => (change: Change) => change.userId === userId;

function recorder(start = 100_000) {
  const clock = { now: start };
  return { clock, recent: new RecentChanges(60_000, 100, () => clock.now) };
}

describe("RecentChanges", () => {
  it("answers no when nothing the viewer may see changed since its data was read", () => {
    const { clock, recent } = recorder();
    clock.now += 10_000;
    recent.record({ table: "payments", userId: A });
    clock.now += 10_000;
    const readAt = clock.now;
    recent.record({ table: "payments", userId: B });
    clock.now += 100;
    expect(recent.missedSince(readAt, own(A))).toBe(false);
    expect(recent.missedSince(readAt, own(B))).toBe(true);
  });

  it("counts a change made just before the data was read as possibly missed (clock margin)", () => {
    const { clock, recent } = recorder();
    clock.now += 10_000;
    recent.record({ table: "payments", userId: A });
    clock.now += CLOCK_MARGIN_MS - 1;
    expect(recent.missedSince(clock.now, own(A))).toBe(true);
    clock.now += 2;
    expect(recent.missedSince(clock.now, own(A))).toBe(false);
  });

  it("answers yes when its memory does not reach back far enough", () => {
    const { clock, recent } = recorder();
    // Data read before this instance started (or before its memory begins).
    expect(recent.missedSince(clock.now - 1, own(A))).toBe(true);
    clock.now += 120_000;
    expect(recent.missedSince(clock.now - 61_000, own(A))).toBe(true);
    expect(recent.missedSince(clock.now - 30_000, own(A))).toBe(false);
  });

  it("answers yes after a resync since the data was read", () => {
    const { clock, recent } = recorder();
    clock.now += 10_000;
    const readAt = clock.now;
    clock.now += 5_000;
    recent.recordResync();
    expect(recent.missedSince(readAt, own(A))).toBe(true);
  });

  it("stays bounded, and answers yes for a time it no longer covers", () => {
    const { clock, recent } = recorder();
    clock.now += 10_000;
    const readAt = clock.now;
    for (let i = 0; i < 150; i++) {
      clock.now += 10;
      recent.record({ table: "notifications", userId: B });
    }
    expect(recent.missedSince(readAt - 5_000, own(A))).toBe(true);
    clock.now += 5_000;
    expect(recent.missedSince(clock.now, own(A))).toBe(false);
  });
});

describe("live-since tokens", () => {
  it("round-trip the time and the process, and refuse anything else", () => {
    expect(parseDataRead(formatDataRead(1_700_000_000_123, "abc123"))).toEqual({
      at: 1_700_000_000_123,
      process: "abc123",
    });
    expect(parseDataRead("1700000000123")).toEqual({ at: 1_700_000_000_123, process: undefined });
    for (const bad of ["soon", "", "12-", "-abc", "1e9", "12-a b", undefined, ["1"]])
      expect(parseDataRead(bad)).toBeNull();
  });

  it("on the process that read the data, only a change after the read (less a moment) counts", () => {
    const { clock, recent } = recorder();
    clock.now += 10_000;
    recent.record({ table: "payments", userId: A });
    clock.now += 500;
    const readAt = clock.now;
    expect(recent.missedSince(readAt, own(A), SAME_PROCESS_MARGIN_MS)).toBe(false);
    expect(recent.missedSince(readAt, own(A))).toBe(true);
  });
});
