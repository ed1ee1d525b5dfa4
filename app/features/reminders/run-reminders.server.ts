import { sql } from "drizzle-orm";
import { reminderSchedule } from "~/domain/admin-settings";
import { REMINDER_KINDS, type ReminderKind } from "~/domain/reminder-schedules";
import { readSettings, SEEDLESS_SETTINGS } from "~/lib/config/settings.server";
import { withAdvisoryLockIfFree, type Executor } from "~/lib/db/db.server";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { DAY_MS, mayEmailReminder, REMINDER_BATCH, REMINDER_EMAIL_GAP_MS, stepToSend, thingKey } from "./reminders";
import {
  lastReminderEmailAt,
  lastStepsSent,
  lockReminderCustomer,
  sendReminders,
  type ReminderToSend,
} from "./send-reminders.server";
import { waitingSql, waitingThings } from "./waiting-things.server";
import type { Deps } from "~/lib/services.server";

/** The advisory-lock key of the reminders job ("reminder" in ASCII): one instance at a time runs it. */
const REMINDERS_LOCK_KEY = 0x72656d696e646572n;

export type RemindersOutcome =
  /** `customers`: how many got reminders; `reminders`: how many; `more`: the batch was full (more may be due). */
  | { ran: true; customers: number; reminders: number; more: boolean }
  /** Another instance holds the lock (it is running the job now). */
  | { ran: false; reason: "locked" };

export interface RemindersOptions {
  /** The run's instant (tests move it); by default the deps' clock, else the real one. */
  now?: Date;
  /** Customers looked at per run at most. */
  batch?: number;
  /** Asked between customers: a shutdown stops the run there (what is left is still due at the next). */
  shouldStop?: () => boolean;
  /** Only these customers (an end-to-end test's, so that the other tests' customers running beside it are left alone). */
  only?: readonly string[];
}

type Schedules = { kind: ReminderKind; days: number[] }[];

/**
 * The customers with a reminder due: something waiting whose schedule reached a step later than the last one sent
 * of it, the customer neither paused nor unsubscribed and not sent a reminder e-mail within the day; the longest
 * waiting first, at most `batch`. The steps are counted in SQL, so the batch holds only customers with something to
 * send (a customer waiting for months with every step sent takes no place in it).
 */
async function customersDue(
  executor: Executor,
  schedules: Schedules,
  now: Date,
  batch: number,
  only: readonly string[] | undefined,
): Promise<string[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const days = sql`case w.kind ${sql.join(
    schedules.map(({ kind, days }) => sql`when ${kind} then ${`{${days.join(",")}}`}::int[]`),
    sql` `,
  )} end`;
  const { rows } = await executor.execute<{ user_id: string }>(sql`
    select w.user_id from (${waitingSql(
      schedules.map((schedule) => schedule.kind),
      only,
    )}) w
    join profiles p on p.id = w.user_id
    where not p.reminders_opt_out and p.reminders_paused_at is null
      and not exists (select 1 from reminders r where r.user_id = w.user_id and r.emailed
        and r.sent_at > ${at} - make_interval(secs => ${REMINDER_EMAIL_GAP_MS / 1000}))
      and (select count(*) from unnest(${days}) d where w.since + make_interval(secs => d * ${DAY_MS / 1000}) <= ${at})
        > coalesce((select max(r.step) from reminders r where r.user_id = w.user_id and r.kind = w.kind
          and r.subject = w.subject and r.step > 0), 0)
    group by w.user_id
    order by min(w.since), w.user_id
    limit ${batch}`);
  return rows.map((row) => row.user_id);
}

/**
 * One customer's reminders, in their own transaction: the profile locked (a 'Send a reminder now' or another run
 * waits), then everything read again, so a customer who acted, was paused, unsubscribed or was deleted since the
 * batch was chosen gets nothing; each thing's step due is sent once (the unique index on the step), all in one e-mail.
 */
async function remindCustomer(
  deps: Pick<Deps, "db" | "bus" | "env" | "siteUrl">,
  userId: string,
  schedules: Schedules,
  now: Date,
): Promise<number> {
  const { sent, changes } = await deps.db.transaction(async (tx) => {
    const customer = await lockReminderCustomer(tx, userId);
    if (!customer || customer.remindersOptOut || customer.remindersPausedAt) return { sent: 0, changes: [] };
    if (!mayEmailReminder(await lastReminderEmailAt(tx, userId), now)) return { sent: 0, changes: [] };
    const daysOf = new Map(schedules.map((schedule) => [schedule.kind, schedule.days]));
    const [things, lastSteps] = await Promise.all([waitingThings(tx, [userId]), lastStepsSent(tx, userId)]);
    const toSend: ReminderToSend[] = things.flatMap((thing) => {
      const days = daysOf.get(thing.kind);
      const step = days ? stepToSend(days, thing.since, now, lastSteps.get(thingKey(thing)) ?? 0) : null;
      return step === null ? [] : [{ thing, step }];
    });
    if (toSend.length === 0) return { sent: 0, changes: [] };
    return sendReminders(tx, {
      customer,
      toSend,
      now,
      email: true,
      siteUrl: deps.siteUrl,
      secret: deps.env.AUTH_SECRET,
    });
  });
  await publishChanges(deps.bus, changes);
  return sent;
}

/**
 * The reminders job's run: one instance at a time (a PostgreSQL advisory lock; one that does not get it skips), the
 * schedules read from the settings at each run (a change is in force at the next), at most `batch` customers.
 */
export async function runReminders(
  deps: Pick<Deps, "database" | "db" | "bus" | "env" | "siteUrl" | "now">,
  options: RemindersOptions = {},
): Promise<RemindersOutcome> {
  const now = options.now ?? deps.now?.() ?? new Date();
  const batch = options.batch ?? REMINDER_BATCH;
  const attempt = await withAdvisoryLockIfFree(
    deps.database,
    REMINDERS_LOCK_KEY,
    async (): Promise<RemindersOutcome> => {
      const settings = await readSettings(deps.db, SEEDLESS_SETTINGS);
      const schedules: Schedules = REMINDER_KINDS.map((kind) => ({
        kind,
        ...reminderSchedule(settings.reminders, kind),
      }))
        .filter((schedule) => schedule.on)
        .map(({ kind, days }) => ({ kind, days }));
      if (schedules.length === 0) return { ran: true, customers: 0, reminders: 0, more: false };
      const due = await customersDue(deps.db, schedules, now, batch, options.only);
      let customers = 0;
      let reminders = 0;
      for (const userId of due) {
        if (options.shouldStop?.()) break;
        const sent = await remindCustomer(deps, userId, schedules, now);
        if (sent > 0) customers += 1;
        reminders += sent;
      }
      return { ran: true, customers, reminders, more: due.length === batch };
    },
  );
  return attempt.locked ? attempt.value : { ran: false, reason: "locked" };
}
