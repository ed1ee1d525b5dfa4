import { describe, expect, it } from "vitest";
import { RETENTION_DEFAULTS } from "~/domain/admin-settings";
import {
  DAY_MS,
  nextRetentionCheckMs,
  parseRetentionRun,
  retentionCutoffs,
  retentionDueIn,
  type RetentionRun,
} from "./retention";

const run = (startedAt: string): RetentionRun => ({
  startedAt,
  finishedAt: startedAt,
  removed: { readNotifications: 1, auditEvents: 2, sentEmails: 3, lostLeads: 4 },
});

describe("retention cut-offs", () => {
  it("counts each kind's days back from the run's start", () => {
    const now = new Date("2026-05-10T03:00:00.000Z");
    expect(retentionCutoffs(now, RETENTION_DEFAULTS)).toEqual({
      readNotifications: new Date("2025-11-11T03:00:00.000Z"),
      auditEvents: new Date("2024-05-10T03:00:00.000Z"),
      sentEmails: new Date("2026-02-09T03:00:00.000Z"),
      lostLeads: new Date("2025-05-10T03:00:00.000Z"),
    });
    expect(
      retentionCutoffs(now, {
        readNotificationsDays: 7,
        auditEventsDays: 90,
        sentEmailsDays: 3650,
        lostLeadsDays: 30,
      }).readNotifications.getTime(),
    ).toBe(now.getTime() - 7 * DAY_MS);
  });
});

describe("when the clean-up is due", () => {
  const now = new Date("2026-05-10T03:00:00.000Z");

  it("is due at once without a last run, and a day after the last one started (whichever instance ran it)", () => {
    expect(retentionDueIn(null, now)).toBe(0);
    expect(retentionDueIn(run("2026-05-09T03:00:00.000Z"), now)).toBe(0);
    expect(retentionDueIn(run("2026-05-08T00:00:00.000Z"), now)).toBe(0);
    expect(retentionDueIn(run("2026-05-09T04:00:00.000Z"), now)).toBe(60 * 60_000);
    // Restarted a minute after a run: not again that day.
    expect(retentionDueIn(run("2026-05-10T02:59:00.000Z"), now)).toBe(DAY_MS - 60_000);
  });

  it("reads a last run dated ahead as a clock difference between instances, unless it is more than a day ahead", () => {
    expect(retentionDueIn(run("2026-05-10T03:00:05.000Z"), now)).toBe(DAY_MS + 5_000);
    expect(retentionDueIn(run("2027-01-01T00:00:00.000Z"), now)).toBe(0);
  });

  it("looks again when the run falls due, at least a minute and at most an hour from now", () => {
    expect(nextRetentionCheckMs(null, now)).toBe(60_000);
    expect(nextRetentionCheckMs(run("2026-05-10T02:00:00.000Z"), now)).toBe(60 * 60_000);
    expect(nextRetentionCheckMs(run("2026-05-09T03:20:00.000Z"), now)).toBe(20 * 60_000);
    expect(nextRetentionCheckMs(run("2026-05-09T03:00:30.000Z"), now)).toBe(60_000);
    expect(nextRetentionCheckMs(run("2026-05-10T02:00:00.000Z"), now, 5 * 60_000)).toBe(5 * 60_000);
  });
});

describe("the stored last run", () => {
  it("is read back as written, and anything else is no run", () => {
    const stored = run("2026-05-10T03:00:00.000Z");
    expect(parseRetentionRun(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(parseRetentionRun(undefined)).toBeNull();
    expect(parseRetentionRun({})).toBeNull();
    expect(parseRetentionRun({ ...stored, startedAt: "yesterday" })).toBeNull();
    expect(parseRetentionRun({ ...stored, removed: { ...stored.removed, auditEvents: -1 } })).toBeNull();
    // A run recorded before lost leads were cleaned up reads as having removed none.
    const { lostLeads: _, ...older } = stored.removed;
    expect(parseRetentionRun({ ...stored, removed: older })?.removed.lostLeads).toBe(0);
  });
});
