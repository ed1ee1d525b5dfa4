import { describe, expect, it } from "vitest";
import { clearAttempts, countAttempt, giveBackAttempt, peekAttempts } from "~/lib/auth/attempt-counter.server";
import { testApp } from "./test-app";

const app = testApp();

const window = { windowMs: 60_000, max: 3 };

describe("attempt counter", () => {
  it("counts attempts in a window and refuses past its maximum", async () => {
    const now = new Date("2026-01-01T10:00:00Z");
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push(await countAttempt(app.db, "test:a", window, now));
    expect(counts.map((c) => c.count)).toEqual([1, 2, 3, 4]);
    expect(counts.map((c) => c.allowed)).toEqual([true, true, true, false]);
    expect(counts[3]!.resetsAt.toISOString()).toBe("2026-01-01T10:01:00.000Z");
    expect((await peekAttempts(app.db, "test:a", window, now)).count).toBe(4);
  });

  it("starts a new window once the last one has ended", async () => {
    const start = new Date("2026-01-01T11:00:00Z");
    for (let i = 0; i < 4; i++) await countAttempt(app.db, "test:b", window, start);
    const later = new Date(start.getTime() + 60_000);
    expect((await peekAttempts(app.db, "test:b", window, later)).count).toBe(0);
    const next = await countAttempt(app.db, "test:b", window, later);
    expect(next).toMatchObject({ count: 1, allowed: true });
  });

  it("keys are independent, concurrent attempts are all counted, and clearing forgets them", async () => {
    const now = new Date();
    await Promise.all(
      Array.from({ length: 10 }, () => countAttempt(app.db, "test:c", { windowMs: 60_000, max: 100 }, now)),
    );
    expect((await peekAttempts(app.db, "test:c", window, now)).count).toBe(10);
    expect((await peekAttempts(app.db, "test:d", window, now)).count).toBe(0);
    await clearAttempts(app.db, "test:c");
    expect((await peekAttempts(app.db, "test:c", window, now)).count).toBe(0);
  });

  it("gives back an attempt in the window it was counted in, never below zero, and not in a window started since", async () => {
    const start = new Date("2026-01-01T12:00:00Z");
    const first = await countAttempt(app.db, "test:e", window, start);
    const second = await countAttempt(app.db, "test:e", window, start);
    await giveBackAttempt(app.db, "test:e", second, window);
    expect((await peekAttempts(app.db, "test:e", window, start)).count).toBe(1);
    await giveBackAttempt(app.db, "test:e", first, window);
    await giveBackAttempt(app.db, "test:e", first, window);
    expect((await peekAttempts(app.db, "test:e", window, start)).count).toBe(0);
    // An attempt of the last window given back late leaves the new window's count alone.
    const later = new Date(start.getTime() + 60_000);
    await countAttempt(app.db, "test:e", window, later);
    await giveBackAttempt(app.db, "test:e", first, window);
    expect((await peekAttempts(app.db, "test:e", window, later)).count).toBe(1);
  });
});
