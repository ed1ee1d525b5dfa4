import { describe, expect, it } from "vitest";
import { CLOCK_MARGIN_MS, RecentChanges } from "./recent-changes";
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
