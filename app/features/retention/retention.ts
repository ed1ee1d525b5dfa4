import { z } from "zod";
import type { RetentionSettings } from "~/domain/admin-settings";

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The clean-up runs once a day: a run this recent, by any instance, means the next one waits. */
const RETENTION_INTERVAL_MS = DAY_MS;

/** How often an instance looks whether the day has passed (at most: it looks exactly when a run falls due). */
export const RETENTION_CHECK_MS = 60 * 60 * 1000;

/** What one clean-up removed, per kind of record. */
export interface RetentionRemoved {
  readNotifications: number;
  auditEvents: number;
  sentEmails: number;
  lostLeads: number;
}

/** The last clean-up, as kept with the settings (ISO instants), for the next one's timing and the Database tab. */
export interface RetentionRun {
  startedAt: string;
  finishedAt: string;
  removed: RetentionRemoved;
}

const count = z.number().int().min(0);
const storedRun = z.object({
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  // A run recorded before lost leads were cleaned up removed none.
  removed: z.object({ readNotifications: count, auditEvents: count, sentEmails: count, lostLeads: count.default(0) }),
});

/** The stored last run, or null when there is none or it cannot be read (the next check then runs, as on a first start). */
export function parseRetentionRun(stored: unknown): RetentionRun | null {
  const parsed = storedRun.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/**
 * The instants before which each kind of record goes: a record exactly N days old stays (it goes at the next run).
 * Days are 24-hour days, counted back from the run's start.
 */
export function retentionCutoffs(
  now: Date,
  settings: RetentionSettings,
): { readNotifications: Date; auditEvents: Date; sentEmails: Date; lostLeads: Date } {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return {
    readNotifications: before(settings.readNotificationsDays),
    auditEvents: before(settings.auditEventsDays),
    sentEmails: before(settings.sentEmailsDays),
    lostLeads: before(settings.lostLeadsDays),
  };
}

/**
 * How long until the clean-up is due again: none yet (or an unreadable one) is due now. A last run dated more than a
 * day ahead means the clock was set back: due now rather than never.
 */
export function retentionDueIn(lastRun: RetentionRun | null, now: Date): number {
  if (!lastRun) return 0;
  const elapsed = now.getTime() - new Date(lastRun.startedAt).getTime();
  if (elapsed < -RETENTION_INTERVAL_MS) return 0;
  return Math.max(0, RETENTION_INTERVAL_MS - elapsed);
}

/** When an instance looks again: when the run falls due, but at least a minute and at most an hour from now. */
export function nextRetentionCheckMs(
  lastRun: RetentionRun | null,
  now: Date,
  checkEveryMs = RETENTION_CHECK_MS,
): number {
  return Math.min(checkEveryMs, Math.max(60_000, retentionDueIn(lastRun, now)));
}
