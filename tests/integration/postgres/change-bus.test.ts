// PostgreSQL only (TEST_DATABASE_URL): LISTEN/NOTIFY between app instances. PGlite has no second
// connection to listen on, so vitest.config.ts includes this folder only when a server is given.
import { randomUUID } from "node:crypto";
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LIVE_EVENTS, LIVE_STREAM_PATH, type Change } from "~/lib/realtime/realtime";
import { PgChangeBus } from "~/lib/realtime/realtime.server";
import { liveEvents } from "../../../server/events";
import { changeEvent, LiveStream } from "../live-stream";
import {
  signUpCustomer,
  testDatabase,
  testServices,
  type SignedIn,
  type TestDatabase,
  type TestServices,
} from "../support";

let database: TestDatabase;
let services: TestServices;
let server: Server;
let base: string;
let customerA: SignedIn;
const openStreams: LiveStream[] = [];

beforeAll(async () => {
  database = await testDatabase();
  expect(database.url, "these tests need TEST_DATABASE_URL").toBeTruthy();
  services = await testServices(database);
  customerA = await signUpCustomer(services, { name: "Alex A" });
  const app = express();
  app.get(LIVE_STREAM_PATH, liveEvents(services));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(openStreams.map((stream) => stream.close()));
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await services?.close();
  await database?.close();
});

async function openStream(cookie: string): Promise<LiveStream> {
  const { response, stream } = await LiveStream.open(base, cookie);
  expect(response.status).toBe(200);
  openStreams.push(stream!);
  return stream!;
}

describe("PgChangeBus (LISTEN/NOTIFY)", () => {
  const pools: pg.Pool[] = [];
  const buses: PgChangeBus[] = [];

  /** One app instance's bus: its own publishing pool and its own listening connection. */
  async function instanceBus(): Promise<PgChangeBus> {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    pools.push(pool);
    const bus = new PgChangeBus(database.url!, pool);
    buses.push(bus);
    await bus.whenReady();
    return bus;
  }

  function record(bus: PgChangeBus) {
    const changes: Change[] = [];
    let resyncs = 0;
    bus.subscribe((change) => changes.push(change));
    bus.onResync(() => (resyncs += 1));
    return { changes, resyncs: () => resyncs };
  }

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await Promise.all(pools.map((pool) => pool.end()));
  });

  it("delivers a change published by one instance to the other, and back", async () => {
    const first = await instanceBus();
    const second = await instanceBus();
    const seenByFirst = record(first);
    const seenBySecond = record(second);

    const fromFirst = { table: "payments", userId: randomUUID() };
    await first.publish(fromFirst);
    await vi.waitFor(() => expect(seenBySecond.changes).toEqual([fromFirst]));

    const fromSecond = { table: "notifications", userId: randomUUID() };
    await second.publish(fromSecond);
    await vi.waitFor(() => expect(seenByFirst.changes).toEqual([fromFirst, fromSecond]));
    await vi.waitFor(() => expect(seenBySecond.changes).toEqual([fromFirst, fromSecond]));
  });

  it("reconnects after losing its connection, announces a resync and delivers again", async () => {
    const publisher = await instanceBus();
    const listener = await instanceBus();
    const seen = record(listener);

    await listener.dropConnection();
    await vi.waitFor(() => expect(seen.resyncs()).toBe(1), { timeout: 10_000 });

    const afterReconnect = { table: "website_progress", userId: randomUUID() };
    await publisher.publish(afterReconnect);
    await vi.waitFor(() => expect(seen.changes).toEqual([afterReconnect]));
  });

  it("reconnects after the server ends its session, as after a network failure or a server restart", async () => {
    const publisher = await instanceBus();
    const listener = await instanceBus();
    const seen = record(listener);

    // Ends every listening session on this test database (the app's own bus reconnects too).
    const { rows } = await database.pool.query<{ terminated: boolean }>(
      `select pg_terminate_backend(pid) as terminated from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    await vi.waitFor(() => expect(seen.resyncs()).toBe(1), { timeout: 10_000 });

    const afterReconnect = { table: "payments", userId: randomUUID() };
    await publisher.publish(afterReconnect);
    await vi.waitFor(() => expect(seen.changes).toEqual([afterReconnect]));
  });

  it("stops listening once closed", async () => {
    const publisher = await instanceBus();
    const closing = await instanceBus();
    const seen = record(closing);
    const watcher = record(await instanceBus());
    await closing.close();

    const change = { table: "payments", userId: randomUUID() };
    await publisher.publish(change);
    await vi.waitFor(() => expect(watcher.changes).toEqual([change]));
    expect(seen.changes).toEqual([]);
    expect(seen.resyncs()).toBe(0);
  });
});

describe("the /events stream on PostgreSQL", () => {
  it("tells the open streams to reload after the app's bus reconnected", async () => {
    expect(services.bus).toBeInstanceOf(PgChangeBus);
    const streamA = await openStream(customerA.cookie);
    await (services.bus as PgChangeBus).dropConnection();
    expect(await streamA.until((event) => event.event === LIVE_EVENTS.resync, 10_000)).toEqual([
      { event: LIVE_EVENTS.resync, data: {} },
    ]);
    await services.bus.publish({ table: "notifications", userId: customerA.id });
    expect(await streamA.until((event) => event.event === LIVE_EVENTS.change)).toEqual([changeEvent("notifications")]);
  });
});
