import express from "express";
import { eq } from "drizzle-orm";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_EVENTS, LIVE_STREAM_PATH } from "~/lib/realtime/realtime";
import { session as sessions, userRoles } from "~db/schema";
import { liveEvents } from "../../server/events";
import { changeEvent, LiveStream, type LiveEvent } from "./live-stream";
import { deleteCustomer } from "~/features/account-deletion/delete-customer.server";
import { authRequest, cookieFrom, signIn, type SignedIn } from "./support";
import { testApp } from "./test-app";

// The open streams' sessions are checked together on one timer (checkSessions): a deleted session ends its stream,
// a live one stays open, and a revoked admin's stream stops getting other users' changes.
const CHECK_MS = 150;
const isMarker = (event: LiveEvent) => (event.data as { table?: string } | undefined)?.table === "marker";
const ended = (event: LiveEvent) => event.event === LIVE_EVENTS.sessionEnded;

const app = testApp();
let server: Server;
let base: string;
const openStreams: LiveStream[] = [];

async function openStream(cookie: string): Promise<LiveStream> {
  const { response, stream } = await LiveStream.open(base, cookie);
  expect(response.status).toBe(200);
  openStreams.push(stream!);
  return stream!;
}

beforeAll(async () => {
  const web = express();
  // A long role TTL: only the session check may notice the revoked role.
  web.get(LIVE_STREAM_PATH, liveEvents(app.services, { sessionCheckMs: CHECK_MS, roleTtlMs: 60_000 }));
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

describe("the live streams' session check", () => {
  it("ends the stream of a deleted session and keeps the others open", async () => {
    const leaving: SignedIn = await app.customer({ name: "Lee Leaving" });
    const staying: SignedIn = await app.customer({ name: "Sam Staying" });
    const streamLeaving = await openStream(leaving.cookie);
    const streamStaying = await openStream(staying.cookie);

    await app.db.delete(sessions).where(eq(sessions.userId, leaving.id));
    expect(await streamLeaving.until(ended)).toEqual([{ event: LIVE_EVENTS.sessionEnded, data: {} }]);

    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 3));
    await app.services.bus.publish({ table: "marker", userId: staying.id });
    expect(await streamStaying.until(isMarker)).toEqual([changeEvent("marker")]);
  });

  it("re-reads the role: a revoked admin's stream stops getting other users' changes", async () => {
    const admin = await app.admin();
    const customer = await app.customer({ name: "Cory Customer" });
    const stream = await openStream(admin.cookie);
    await app.services.bus.publish({ table: "marker", userId: customer.id });
    expect(await stream.until(isMarker)).toEqual([changeEvent("marker", customer.id)]);

    await app.db.delete(userRoles).where(eq(userRoles.userId, admin.id));
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 4));
    await app.services.bus.publish({ table: "payments", userId: customer.id });
    await app.services.bus.publish({ table: "marker", userId: admin.id });
    expect(await stream.until(isMarker)).toEqual([changeEvent("marker")]);
  });
});

describe("a stream whose session ends elsewhere", () => {
  // The minute's round is far off: only the stream's own check, on its viewer's `session` change, can end it in time.
  let slowBase: string;
  let slowServer: Server;

  beforeAll(async () => {
    const web = express();
    web.get(LIVE_STREAM_PATH, liveEvents(app.services, { sessionCheckMs: 60_000 }));
    slowServer = await new Promise<Server>((resolve) => {
      const listening = web.listen(0, "127.0.0.1", () => resolve(listening));
    });
    slowBase = `http://127.0.0.1:${(slowServer.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    slowServer?.closeAllConnections();
    await new Promise((resolve) => (slowServer ? slowServer.close(resolve) : resolve(undefined)));
  });

  async function openSlow(cookie: string): Promise<LiveStream> {
    const { response, stream } = await LiveStream.open(slowBase, cookie);
    expect(response.status).toBe(200);
    openStreams.push(stream!);
    return stream!;
  }

  it("ends an erased customer's stream at once", async () => {
    const admin = await app.admin();
    const customer = await app.customer({ name: "Gwen Gone" });
    const stream = await openSlow(customer.cookie);
    await deleteCustomer(app.services, admin.user, {
      customerId: customer.id,
      reason: "Asked",
      confirmation: "DELETE",
    });
    expect((await stream.until(ended, 2_000)).at(-1)).toEqual({ event: LIVE_EVENTS.sessionEnded, data: {} });
  });

  it("a sign-out in another tab ends that session's stream only", async () => {
    const customer = await app.customer({ name: "Tess Twotabs" });
    const other = cookieFrom(await signIn(app.services, customer.email, customer.password));
    const staying = await openSlow(customer.cookie);
    const leaving = await openSlow(other);

    expect((await authRequest(app.services, "/sign-out", {}, { cookie: other })).status).toBe(200);
    expect((await leaving.until(ended, 2_000)).at(-1)).toEqual({ event: LIVE_EVENTS.sessionEnded, data: {} });
    // The other stream heard of it too, checked its own session, found it alive, and goes on, its page told nothing
    // (no reload for it): the marker published after the sign-out reaches it once that check is done, with no end
    // and no change before it.
    await app.services.bus.publish({ table: "marker", userId: customer.id });
    expect(await staying.until(isMarker, 2_000)).toEqual([changeEvent("marker")]);
  });
});
