import { describe, expect, it } from "vitest";
import { REMINDER_KIND_VALUES } from "~db/schema";
import { REMINDER_KINDS } from "~/domain/reminder-schedules";
import { DAY_MS, mayEmailReminder, reachedStep, REMINDER_EMAIL_GAP_MS, stepToSend } from "./reminders";

const since = new Date("2026-03-01T10:00:00Z");
const after = (days: number, ms = 0) => new Date(since.getTime() + days * DAY_MS + ms);

describe("a reminder schedule", () => {
  it("reaches a step on its day, counted in whole days of 24 hours from the start of the wait", () => {
    expect(reachedStep([2, 5, 10], since, after(2, -1))).toBe(0);
    expect(reachedStep([2, 5, 10], since, after(2))).toBe(1);
    expect(reachedStep([2, 5, 10], since, after(4))).toBe(1);
    expect(reachedStep([2, 5, 10], since, after(5))).toBe(2);
    expect(reachedStep([2, 5, 10], since, after(60))).toBe(3);
  });

  it("sends a step once, and a clock that jumps past several days sends only the last one reached", () => {
    expect(stepToSend([2, 5, 10], since, after(2), 0)).toBe(1);
    expect(stepToSend([2, 5, 10], since, after(3), 1)).toBeNull();
    expect(stepToSend([2, 5, 10], since, after(11), 0)).toBe(3);
    expect(stepToSend([2, 5, 10], since, after(11), 3)).toBeNull();
  });

  it("sends nothing when the clock goes back before a step already sent", () => {
    expect(stepToSend([2, 5], since, after(1), 2)).toBeNull();
  });
});

describe("the reminder e-mails' pace", () => {
  it("is at most one a day per customer", () => {
    const last = new Date("2026-03-05T08:00:00Z");
    expect(mayEmailReminder(null, last)).toBe(true);
    expect(mayEmailReminder(last, new Date(last.getTime() + REMINDER_EMAIL_GAP_MS - 1))).toBe(false);
    expect(mayEmailReminder(last, new Date(last.getTime() + REMINDER_EMAIL_GAP_MS))).toBe(true);
  });
});

it("the kinds of the settings are the kinds the database takes", () => {
  expect([...REMINDER_KINDS]).toEqual([...REMINDER_KIND_VALUES]);
});
