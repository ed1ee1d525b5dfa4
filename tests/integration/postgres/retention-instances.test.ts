// PostgreSQL only (TEST_DATABASE_URL): the retention clean-up on several instances of one database, which takes a
// PostgreSQL advisory lock so that one instance a day does the work.
import { inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { notifications } from "~db/schema";
import { RETENTION_LOCK_KEY, RETENTION_RUN_KEY, runRetention } from "~/features/retention/run-retention.server";
import { openDatabase, type Database } from "~/lib/db/db.server";
import type { SignedIn } from "../support";
import { addNotification as addOwnNotification, ago } from "../retention-support";
import { testApp } from "../test-app";

const app = testApp();
let customer: SignedIn;

beforeAll(async () => {
  expect(app.database.url, "this test needs TEST_DATABASE_URL").toBeTruthy();
  customer = await app.customer();
});

// Each test finds the day's run not made yet.
beforeEach(async () => {
  await app.db.execute(sql`update admin_settings set values = values - ${RETENTION_RUN_KEY}::text`);
});

/** The advisory locks held on this database, by any session. */
async function advisoryLocks(): Promise<number> {
  const { rows } = await app.database.pool.query(
    "select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
  );
  return rows[0].n;
}

const addNotification = (createdAt: Date, isRead: boolean) =>
  addOwnNotification(app.db, customer.id, createdAt, isRead);

/** Which of these notifications are still there. */
async function remaining(ids: string[]): Promise<string[]> {
  const rows = await app.db.select({ id: notifications.id }).from(notifications).where(inArray(notifications.id, ids));
  return ids.filter((id) => rows.some((row) => row.id === id));
}

const instances: Database[] = [];
const instance = async () => {
  const opened = await openDatabase({ databaseUrl: app.database.url! });
  instances.push(opened);
  return opened;
};

afterAll(async () => {
  await Promise.all(instances.map((opened) => opened.close()));
});

it("two instances at once: one does the work, the other skips; the rows go once", async () => {
  const now = new Date();
  const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => addNotification(ago(now, 200, i), true)));
  const [a, b] = [await instance(), await instance()];
  // The first holds the lock for a while (small batches, a pause between them); the second asks meanwhile.
  const first = runRetention({ ...app.services, database: a }, { now, batchSize: 2, pauseMs: 50 });
  await expect.poll(advisoryLocks).toBe(1);
  const second = await runRetention({ ...app.services, database: b }, { now });
  expect(second).toEqual({ ran: false, reason: "locked" });
  expect(await first).toMatchObject({ ran: true, run: { removed: { readNotifications: 20 } } });
  expect(await remaining(ids)).toEqual([]);
  // Afterwards the other instance finds the day's run done.
  expect(await runRetention({ ...app.services, database: b }, { now })).toMatchObject({
    ran: false,
    reason: "not_due",
  });
});

it("skips while another session holds the lock, removing nothing, and runs once it is released", async () => {
  const now = new Date();
  const old = await addNotification(ago(now, 365), true);
  const holder = new pg.Client({ connectionString: app.database.url });
  await holder.connect();
  try {
    await holder.query("select pg_advisory_lock($1)", [RETENTION_LOCK_KEY.toString()]);
    expect(await runRetention(app.services, { now })).toEqual({ ran: false, reason: "locked" });
    expect(await remaining([old])).toEqual([old]);
    await holder.query("select pg_advisory_unlock($1)", [RETENTION_LOCK_KEY.toString()]);
    expect(await runRetention(app.services, { now })).toMatchObject({
      ran: true,
      run: { removed: { readNotifications: 1 } },
    });
  } finally {
    await holder.end();
  }
  // The pass gave its lock back and its connection to the pool: nothing is left holding it.
  expect(await advisoryLocks()).toBe(0);
});
