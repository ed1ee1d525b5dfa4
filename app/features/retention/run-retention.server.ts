import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { adminSettings, auditEvents, emailMessages, leads, notifications } from "~db/schema";
import { settingsFromStored, type RetentionSettings } from "~/domain/admin-settings";
import { SEEDLESS_SETTINGS, SETTINGS_ROW_ID } from "~/lib/config/settings.server";
import { withAdvisoryLockIfFree, type Db } from "~/lib/db/db.server";
import { removeOutboxCopiesBefore, removeOutboxCopiesOf } from "~/lib/email/outbox.server";
import {
  parseRetentionRun,
  retentionCutoffs,
  retentionDueIn,
  type RetentionRemoved,
  type RetentionRun,
} from "./retention";
import type { Deps } from "~/lib/services.server";

/** The advisory-lock key of the clean-up ("retentio" in ASCII): one instance at a time runs it. */
export const RETENTION_LOCK_KEY = 0x726574656e74696fn;

/** Where the last run is kept: beside the settings' sections in their one row (no section reads it). */
export const RETENTION_RUN_KEY = "retentionLastRun";

/** Rows removed per statement: each delete is a short transaction, so a big table is never locked for long. */
const BATCH_SIZE = 1000;

export type RetentionOutcome =
  | { ran: true; run: RetentionRun }
  /** Another instance holds the lock (it is running the clean-up now). */
  | { ran: false; reason: "locked" }
  /** A run less than a day ago, by this instance or another. */
  | { ran: false; reason: "not_due"; lastRun: RetentionRun | null }
  /** Stopped between two batches (a shutdown): what is left goes at the next run, which is still due. */
  | { ran: false; reason: "stopped"; removed: RetentionRemoved };

export interface RetentionOptions {
  /** The run's instant (tests move it); by default the database's clock, which every instance shares. */
  now?: Date;
  batchSize?: number;
  /** A pause between two batches, so the clean-up leaves room for requests (the embedded database has one session). */
  pauseMs?: number;
  /** Asked between batches: a shutdown stops the run there. */
  shouldStop?: () => boolean;
}

async function readState(db: Db): Promise<{ now: Date; settings: RetentionSettings; lastRun: RetentionRun | null }> {
  const { rows } = await db.execute<{ stored: Record<string, unknown> | null; now: Date | string }>(
    sql`select (select ${adminSettings.values} from ${adminSettings} where ${adminSettings.id} = ${SETTINGS_ROW_ID}) as stored, now() as now`,
  );
  const stored = rows[0]?.stored ?? {};
  return {
    now: new Date(rows[0]?.now ?? Date.now()),
    settings: settingsFromStored(stored, SEEDLESS_SETTINGS).retention,
    lastRun: parseRetentionRun(stored[RETENTION_RUN_KEY]),
  };
}

/**
 * Deletes the rows of `table` that `condition` picks, `batchSize` at a time, each batch its own statement. Rows a
 * request has locked (a notification being marked read) are skipped, never waited for: the next run takes them.
 */
async function removeInBatches(
  db: Db,
  table: PgTable,
  condition: SQL,
  { batchSize, pauseMs, shouldStop }: Required<Pick<RetentionOptions, "batchSize" | "pauseMs" | "shouldStop">>,
  /** After each batch, with the ids it removed (what lives outside the table with them goes too). */
  afterBatch?: (ids: string[]) => Promise<void>,
): Promise<{ removed: number; stopped: boolean }> {
  let removed = 0;
  for (;;) {
    if (shouldStop()) return { removed, stopped: true };
    const result = await db.execute<{ id: string }>(
      sql`delete from ${table} where id in (select id from ${table} where ${condition} limit ${batchSize} for update skip locked) returning id`,
    );
    const count = result.rowCount ?? result.rows.length;
    removed += count;
    if (afterBatch && count > 0) await afterBatch(result.rows.map((row) => String(row.id)));
    if (count < batchSize) return { removed, stopped: false };
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

/** Keeps the run beside the settings, merged into their one row (made if the settings were never saved). */
async function recordRun(db: Db, run: RetentionRun): Promise<void> {
  const value = sql`jsonb_build_object(${RETENTION_RUN_KEY}::text, ${JSON.stringify(run)}::jsonb)`;
  await db.execute(
    sql`insert into ${adminSettings} (id, values) values (${SETTINGS_ROW_ID}, ${value})
        on conflict (id) do update set values = ${adminSettings}.values || excluded.values`,
  );
}

/**
 * The daily clean-up of what the Database tab's retention says is kept long enough: read notifications, audit events,
 * finished e-mails (sent, failed or interrupted: a copy kept only to trace a complaint) and lost leads older than
 * their number of days. Unread notifications and e-mails still queued or being sent are never removed, whatever their age.
 * An e-mail's `.eml` copy in the outbox folder goes with its row, and any copy older than the sent e-mails' retention
 * (a row removed before, by an erasure whose clean-up failed or by an older version): no copy outlives its row.
 *
 * One instance at a time (a PostgreSQL advisory lock; the instance that does not get it skips), and once a day
 * whichever instance runs it: the last run is kept with the settings, so a restart or another instance within the
 * day skips. The settings are read from the database at each run, so a change takes effect at the next one.
 */
export async function runRetention(
  { database, outboxDir }: Pick<Deps, "database" | "outboxDir">,
  options: RetentionOptions = {},
): Promise<RetentionOutcome> {
  const { db } = database;
  const batching = {
    batchSize: options.batchSize ?? BATCH_SIZE,
    pauseMs: options.pauseMs ?? 10,
    shouldStop: options.shouldStop ?? (() => false),
  };
  const attempt = await withAdvisoryLockIfFree(database, RETENTION_LOCK_KEY, async (): Promise<RetentionOutcome> => {
    const state = await readState(db);
    const startedAt = options.now ?? state.now;
    if (retentionDueIn(state.lastRun, startedAt) > 0) return { ran: false, reason: "not_due", lastRun: state.lastRun };
    const clockAtStart = Date.now();
    const cutoffs = retentionCutoffs(startedAt, state.settings);
    const outboxCopiesOf = (ids: string[]) => removeOutboxCopiesOf(outboxDir, ids).then(() => {});
    const kinds: [keyof RetentionRemoved, PgTable, SQL, ((ids: string[]) => Promise<void>)?][] = [
      [
        "readNotifications",
        notifications,
        sql`${notifications.isRead} and ${notifications.createdAt} < ${cutoffs.readNotifications}`,
      ],
      ["auditEvents", auditEvents, sql`${auditEvents.createdAt} < ${cutoffs.auditEvents}`],
      [
        "sentEmails",
        emailMessages,
        sql`${emailMessages.status} in ('sent', 'failed', 'interrupted') and coalesce(${emailMessages.sentAt}, ${emailMessages.createdAt}) < ${cutoffs.sentEmails}`,
        outboxCopiesOf,
      ],
      // A lead marked Lost, untouched (no change, no new message) for the period: its timeline goes with it (cascade).
      [
        "lostLeads",
        leads,
        sql`${leads.stage} = 'lost' and greatest(${leads.updatedAt}, ${leads.lastMessageAt}) < ${cutoffs.lostLeads}`,
      ],
    ];
    const removed: RetentionRemoved = { readNotifications: 0, auditEvents: 0, sentEmails: 0, lostLeads: 0 };
    for (const [kind, table, condition, afterBatch] of kinds) {
      const outcome = await removeInBatches(db, table, condition, batching, afterBatch);
      removed[kind] = outcome.removed;
      if (outcome.stopped) return { ran: false, reason: "stopped", removed };
    }
    await removeOutboxCopiesBefore(outboxDir, cutoffs.sentEmails);
    const run: RetentionRun = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date(startedAt.getTime() + (Date.now() - clockAtStart)).toISOString(),
      removed,
    };
    await recordRun(db, run);
    return { ran: true, run };
  });
  return attempt.locked ? attempt.value : { ran: false, reason: "locked" };
}

/** The last clean-up (none yet: null), for the Database tab. */
export async function lastRetentionRun(db: Db): Promise<RetentionRun | null> {
  return (await readState(db)).lastRun;
}
