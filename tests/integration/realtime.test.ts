import { randomUUID } from "node:crypto";
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { writeNotifications } from "~/features/notifications/write-notifications.server";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { LIVE_EVENTS, LIVE_STREAM_PATH } from "~/lib/realtime/realtime";
import { CLOCK_MARGIN_MS } from "~/lib/realtime/recent-changes";
import type { ChangeBus, ChangeListener, ResyncListener } from "~/lib/realtime/realtime.server";
import { liveEvents } from "../../server/events";
import { changeEvent, LiveStream, type LiveEvent } from "./live-stream";
import { forgedCookie, type SignedIn } from "./support";
import { testApp } from "./test-app";

/** How many listeners are held on the bus right now: each open stream holds two, the session cache one. */
let activeListeners = 0;

/** The real bus, counting the listeners the /events handler adds and removes. */
function trackListeners(bus: ChangeBus): ChangeBus {
  const tracked =
    <T>(subscribe: (listener: T) => () => void) =>
    (listener: T) => {
      const unsubscribe = subscribe(listener);
      activeListeners += 1;
      let done = false;
      return () => {
        if (!done) activeListeners -= 1;
        done = true;
        unsubscribe();
      };
    };
  return {
    publish: (change) => bus.publish(change),
    subscribe: tracked((listener: ChangeListener) => bus.subscribe(listener)),
    onResync: tracked((listener: ResyncListener) => bus.onResync(listener)),
    close: () => bus.close(),
    missedSince: (since, canSee) => bus.missedSince?.(since, canSee) ?? true,
  };
}

const isMarker = (event: LiveEvent) => (event.data as { table?: string } | undefined)?.table === "marker";

const app = testApp();
let server: Server;
let base: string;
let customerA: SignedIn;
let customerB: SignedIn;
let admin: SignedIn;
const openStreams: LiveStream[] = [];
let busCreatedAt = 0;

async function openStream(cookie: string, query = ""): Promise<LiveStream> {
  const { response, stream } = await LiveStream.open(base, cookie, query);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  openStreams.push(stream!);
  return stream!;
}

beforeAll(async () => {
  // The bus was made just before this (in the harness's beforeAll): the time read here is a little later, which only
  // makes the wait for the end of its first minute a little longer.
  busCreatedAt = Date.now();
  customerA = await app.customer({ name: "Alex A" });
  customerB = await app.customer({ name: "Blair B" });
  admin = await app.admin();
  const web = express();
  web.get(LIVE_STREAM_PATH, liveEvents({ ...app.services, bus: trackListeners(app.services.bus) }));
  server = await new Promise<Server>((resolve) => {
    const listening = web.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(openStreams.map((stream) => stream.close()));
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

describe("the /events stream", () => {
  it("refuses a viewer without a session with 401", async () => {
    const anonymous = await LiveStream.open(base);
    expect(anonymous.response.status).toBe(401);
    expect(await anonymous.response.json()).toEqual({
      ok: false,
      error: { code: "not_signed_in", message: "You must be logged in" },
    });

    const forged = await LiveStream.open(base, forgedCookie(customerA.cookie));
    expect(forged.response.status).toBe(401);
  });

  it("forwards to a customer only the changes to their own rows, without saying whose they were", async () => {
    const streamA = await openStream(customerA.cookie);
    const streamB = await openStream(customerB.cookie);

    await app.services.bus.publish({ table: "payments", userId: customerB.id });
    await app.services.bus.publish({ table: "notifications", userId: customerA.id });
    await app.services.bus.publish({ table: "marker", userId: customerA.id });
    await app.services.bus.publish({ table: "marker", userId: customerB.id });

    expect(await streamA.until(isMarker)).toEqual([changeEvent("notifications"), changeEvent("marker")]);
    expect(await streamB.until(isMarker)).toEqual([changeEvent("payments"), changeEvent("marker")]);
  });

  it("forwards a change made by a use case after its write", async () => {
    const streamA = await openStream(customerA.cookie);
    const changes = await writeNotifications(app.db, [
      { userId: customerA.id, type: "payment", title: "Payment approved", message: "Thanks" },
    ]);
    await publishChanges(app.services.bus, changes);
    expect(await streamA.until((event) => event.event === LIVE_EVENTS.change)).toEqual([changeEvent("notifications")]);
  });

  it("forwards every user's changes to an admin, saying whose they were", async () => {
    const streamAdmin = await openStream(admin.cookie);
    const streamA = await openStream(customerA.cookie);
    const someone = randomUUID();

    await app.services.bus.publish({ table: "payments", userId: customerB.id });
    await app.services.bus.publish({ table: "notifications", userId: customerA.id });
    await app.services.bus.publish({ table: "website_progress", userId: someone });
    await app.services.bus.publish({ table: "marker", userId: admin.id });
    await app.services.bus.publish({ table: "marker", userId: customerA.id });

    expect(await streamAdmin.until(isMarker)).toEqual([
      changeEvent("payments", customerB.id),
      changeEvent("notifications", customerA.id),
      changeEvent("website_progress", someone),
      changeEvent("marker", admin.id),
    ]);
    expect(await streamA.until(isMarker)).toEqual([changeEvent("notifications"), changeEvent("marker")]);
  });

  it("tells a page whether it missed a change since its data was read (`since`), instead of every page reloading", async () => {
    // The bus remembers the last minute from its start; a page read within the clock margin of that start reloads.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, busCreatedAt + CLOCK_MARGIN_MS + 100 - Date.now())));
    const customerC = await app.customer({ name: "Casey C" });
    const readAt = Date.now();
    await app.services.bus.publish({ table: "payments", userId: customerB.id });

    const current = await openStream(customerC.cookie, `?since=${readAt}`);
    await app.services.bus.publish({ table: "marker", userId: customerC.id });
    expect(await current.until(isMarker)).toEqual([changeEvent("marker")]);

    // A change to the viewer's rows after the read (before the stream opened): the new stream says resync first.
    const behind = await openStream(customerC.cookie, `?since=${readAt}`);
    expect(await behind.until((event) => event.event === LIVE_EVENTS.resync)).toEqual([
      { event: LIVE_EVENTS.resync, data: {} },
    ]);

    // Data older than the bus remembers, or an unreadable time: resync.
    const old = await openStream(customerC.cookie, `?since=${readAt - 120_000}`);
    expect((await old.until(() => true))[0]).toEqual({ event: LIVE_EVENTS.resync, data: {} });
    const garbled = await openStream(customerC.cookie, "?since=soon");
    expect((await garbled.until(() => true))[0]).toEqual({ event: LIVE_EVENTS.resync, data: {} });
  });

  it("lets go of its bus listeners once the browser has gone", async () => {
    await Promise.all(openStreams.splice(0).map((stream) => stream.close()));
    // The session cache the streams read sessions through keeps one listener for as long as the services live.
    const sessionCache = 1;
    await vi.waitFor(() => expect(activeListeners).toBe(sessionCache));

    const stream = await openStream(customerA.cookie);
    expect(activeListeners).toBe(sessionCache + 2);
    await stream.close();
    await vi.waitFor(() => expect(activeListeners).toBe(sessionCache));
    // Publishing with no stream left still works.
    await app.services.bus.publish({ table: "notifications", userId: customerA.id });
  });
});
