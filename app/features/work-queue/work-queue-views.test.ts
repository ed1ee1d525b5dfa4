import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as en } from "~/locales/en/messages.po";
import { messages as es } from "~/locales/es/messages.po";
import { formatAge, formatAgo, isStalled, lastMovedAt, stalledCutoff, STALLED_AFTER_DAYS } from "./work-queue-views";

const NOW = new Date("2026-11-22T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const EN = setupI18n({ locale: "en", messages: { en } });
const ES = setupI18n({ locale: "es", messages: { es } });

describe("formatAge", () => {
  it.each([
    [0, "just now"],
    [59_000, "just now"],
    [MINUTE, "1 minute"],
    [5 * MINUTE, "5 minutes"],
    [HOUR, "1 hour"],
    [23 * HOUR + 59 * MINUTE, "23 hours"],
    [DAY, "1 day"],
    [3 * DAY + 5 * HOUR, "3 days"],
    [40 * DAY, "40 days"],
  ])("%i ms ago is '%s'", (ms, text) => {
    expect(formatAge(ago(ms), NOW, EN)).toBe(text);
  });

  it("takes ISO strings and counts a time in the future as just now", () => {
    expect(formatAge(ago(2 * DAY).toISOString(), NOW.toISOString(), EN)).toBe("2 days");
    expect(formatAge(new Date(NOW.getTime() + HOUR), NOW, EN)).toBe("just now");
  });

  it.each([
    [30_000, "justo ahora"],
    [MINUTE, "1 minuto"],
    [5 * MINUTE, "5 minutos"],
    [HOUR, "1 hora"],
    [2 * HOUR, "2 horas"],
    [DAY, "1 día"],
    [3 * DAY + 5 * HOUR, "3 días"],
  ])("in Spanish, %i ms ago is '%s'", (ms, text) => {
    expect(formatAge(ago(ms), NOW, ES)).toBe(text);
  });
});

describe("formatAgo", () => {
  it("says how long ago, in the language", () => {
    expect(formatAgo(ago(3 * DAY), NOW, EN)).toBe("3 days ago");
    expect(formatAgo(ago(3 * DAY), NOW, ES)).toBe("hace 3 días");
    expect(formatAgo(ago(10_000), NOW, EN)).toBe("just now");
    expect(formatAgo(ago(10_000), NOW, ES)).toBe("justo ahora");
  });
});

describe("the stalled rule", () => {
  const week = STALLED_AFTER_DAYS * DAY;

  it("a service paid more than 7 days ago with no step ticked since is stalled", () => {
    expect(isStalled({ paidAt: ago(week + MINUTE), progressChangedAt: null, finished: false }, NOW)).toBe(true);
    expect(isStalled({ paidAt: ago(week + MINUTE), progressChangedAt: ago(30 * DAY), finished: false }, NOW)).toBe(
      true,
    );
  });

  it("a fresh payment, or a step ticked within 7 days, is not stalled", () => {
    expect(isStalled({ paidAt: ago(week - MINUTE), progressChangedAt: null, finished: false }, NOW)).toBe(false);
    expect(isStalled({ paidAt: ago(30 * DAY), progressChangedAt: ago(2 * DAY), finished: false }, NOW)).toBe(false);
  });

  it("a finished service is never stalled", () => {
    expect(isStalled({ paidAt: ago(30 * DAY), progressChangedAt: ago(20 * DAY), finished: true }, NOW)).toBe(false);
  });

  it("the last move is the later of the payment and the checklist's change", () => {
    expect(lastMovedAt(ago(DAY), ago(2 * DAY))).toEqual(ago(DAY));
    expect(lastMovedAt(ago(2 * DAY), ago(DAY))).toEqual(ago(DAY));
    expect(lastMovedAt(ago(2 * DAY), null)).toEqual(ago(2 * DAY));
    expect(stalledCutoff(NOW)).toEqual(ago(week));
  });
});
