import express from "express";
import { and, eq } from "drizzle-orm";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_STREAM_PATH } from "~/lib/realtime/realtime";
import { userRoles } from "~db/schema";
import { liveEvents, LIVE_EVENTS_DEFAULTS } from "../../server/events";
import { changeEvent, LiveStream, type LiveEvent } from "./live-stream";
import type { SignedIn } from "./support";
import { testApp } from "./test-app";

const ROLE_TTL_MS = 200;
const isMarker = (event: LiveEvent) => (event.data as { table?: string } | undefined)?.table === "marker";

const app = testApp();
let server: Server;
let base: string;
let customerA: SignedIn;
let customerB: SignedIn;
const openStreams: LiveStream[] = [];

async function openStream(cookie: string): Promise<LiveStream> {
  const { response, stream } = await LiveStream.open(base, cookie);
  expect(response.status).toBe(200);
  openStreams.push(stream!);
  return stream!;
}

beforeAll(async () => {
  customerA = await app.customer({ name: "Alex A" });
  customerB = await app.customer({ name: "Blair B" });
  const web = express();
  web.get(LIVE_STREAM_PATH, liveEvents(app.services, { roleTtlMs: ROLE_TTL_MS }));
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

describe("the /events stream's limits", () => {
  it("lets one user hold at most 5 streams: the next gets 429 until one closes", async () => {
    expect(LIVE_EVENTS_DEFAULTS.maxStreamsPerUser).toBe(5);
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await openStream(customerA.cookie));
    const refused = await LiveStream.open(base, customerA.cookie);
    expect(refused.response.status).toBe(429);
    expect(await refused.response.json()).toEqual({
      ok: false,
      error: { code: "live_streams_exceeded", message: "Too many live streams open for this account" },
    });

    // Another user is not affected.
    await openStream(customerB.cookie);

    await streams[0]!.close();
    await expect
      .poll(async () => {
        const again = await LiveStream.open(base, customerA.cookie);
        if (again.stream) openStreams.push(again.stream);
        return again.response.status;
      })
      .toBe(200);
    await Promise.all(openStreams.splice(0).map((stream) => stream.close()));
  });

  it("stops forwarding other users' changes to an admin whose role was revoked, within the role's cache time", async () => {
    const admin = await app.admin();
    const stream = await openStream(admin.cookie);

    await app.services.bus.publish({ table: "payments", userId: customerB.id });
    await app.services.bus.publish({ table: "marker", userId: admin.id });
    expect(await stream.until(isMarker)).toEqual([
      changeEvent("payments", customerB.id),
      changeEvent("marker", admin.id),
    ]);

    await app.db.delete(userRoles).where(and(eq(userRoles.userId, admin.id), eq(userRoles.role, "admin")));
    await new Promise((resolve) => setTimeout(resolve, ROLE_TTL_MS + 50));

    await app.services.bus.publish({ table: "payments", userId: customerB.id });
    await app.services.bus.publish({ table: "notifications", userId: customerA.id });
    await app.services.bus.publish({ table: "notifications", userId: admin.id });
    await app.services.bus.publish({ table: "marker", userId: admin.id });
    // Only the viewer's own changes still arrive, in order, and as to a customer (not saying whose).
    expect(await stream.until(isMarker)).toEqual([changeEvent("notifications"), changeEvent("marker")]);
  });
});
