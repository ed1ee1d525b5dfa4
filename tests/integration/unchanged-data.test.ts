import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVERYONE, RECENT_CHANGE_COOKIE } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { answerUnchangedData, UNCHANGED_DATA_MAX_AGE_MS } from "../../server/unchanged-data";
import type { SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let server: Server;
let base: string;
let customerA: SignedIn;
let customerB: SignedIn;
let admin: SignedIn;
let staff: SignedIn;
/** The pages behind the middleware: counts how often a page's loaders would have run, and answers as it is told. */
let pageRuns = 0;
let pageAnswer: { status: number; headers?: Record<string, string> } = { status: 200 };
let clockOffset = 0;

beforeAll(async () => {
  customerA = await app.customer({ name: "Alex A" });
  customerB = await app.customer({ name: "Blair B" });
  admin = await app.admin();
  staff = await app.staff([customerA.id]);
  const web = express();
  web.all("/{*splat}", answerUnchangedData(app.services, { now: () => Date.now() + clockOffset }), (req, res) => {
    pageRuns++;
    res.status(pageAnswer.status).set(pageAnswer.headers ?? {});
    res.end(`data of ${req.originalUrl}`); // as React Router answers: no ETag of Express's own
  });
  server = await new Promise<Server>((resolve) => {
    const listening = web.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

async function get(path: string, viewer: SignedIn | null, headers: Record<string, string> = {}) {
  const before = pageRuns;
  const response = await fetch(`${base}${path}`, {
    headers: { ...(viewer ? { cookie: viewer.cookie } : {}), ...headers },
  });
  await response.text();
  return { status: response.status, etag: response.headers.get("etag"), response, ran: pageRuns > before };
}

/** A change published and heard by this instance's bus (on PostgreSQL it comes back through LISTEN). */
async function change(userId: string): Promise<void> {
  await publishChanges(app.services.bus, [{ table: "payments", userId }]);
  await app.deliveredChanges();
}

const PROGRESS = "/dashboard/progress.data";

describe("a page's data revalidated while nothing changed", () => {
  it("carries a private tag the browser revalidates, and answers the tag back with 304 without running the page", async () => {
    const first = await get(PROGRESS, customerA);
    expect(first.status).toBe(200);
    expect(first.ran).toBe(true);
    expect(first.etag).toMatch(/^W\/"/);
    expect(first.response.headers.get("cache-control")).toBe("private, no-cache");

    const again = await get(PROGRESS, customerA, { "if-none-match": first.etag! });
    expect(again.status).toBe(304);
    expect(again.ran).toBe(false);
    expect(again.etag).toBe(first.etag);
  });

  it("answers in full after a change of the customer's own rows or of everyone's, not after another customer's", async () => {
    const { etag } = await get(PROGRESS, customerA);
    await change(customerB.id);
    expect((await get(PROGRESS, customerA, { "if-none-match": etag! })).status).toBe(304);

    await change(customerA.id);
    const afterOwn = await get(PROGRESS, customerA, { "if-none-match": etag! });
    expect(afterOwn.status).toBe(200);
    expect(afterOwn.ran).toBe(true);
    expect(afterOwn.etag).not.toBe(etag);
    expect((await get(PROGRESS, customerA, { "if-none-match": afterOwn.etag! })).status).toBe(304);

    await change(EVERYONE);
    expect((await get(PROGRESS, customerA, { "if-none-match": afterOwn.etag! })).status).toBe(200);
  });

  it("answers the team in full after any customer's change", async () => {
    for (const member of [admin, staff]) {
      const path = `/admin/users/${customerA.id}.data`;
      const { etag } = await get(path, member);
      expect((await get(path, member, { "if-none-match": etag! })).status).toBe(304);
      await change(customerB.id);
      expect((await get(path, member, { "if-none-match": etag! })).status, member.email).toBe(200);
    }
  });

  it("never answers 304 to another viewer, another page or another language with someone's tag", async () => {
    const { etag } = await get(PROGRESS, customerA);
    const sent = { "if-none-match": etag! };
    expect((await get(PROGRESS, customerB, sent)).status).toBe(200);
    expect((await get("/dashboard/profile.data", customerA, sent)).status).toBe(200);
    expect((await get(`${PROGRESS}?_routes=routes/dashboard/progress`, customerA, sent)).status).toBe(200);
    expect((await get(PROGRESS, customerA, { ...sent, "accept-language": "es" })).status).toBe(200);
    const anonymous = await get(PROGRESS, null, sent);
    expect(anonymous.status).toBe(200);
    expect(anonymous.etag).toBeNull();
  });

  it("answers in full for a tag of another instance, one too old or one from the future, and a made-up one", async () => {
    const { etag } = await get(PROGRESS, customerA);
    const otherInstance = etag!.replace(/^W\/"[A-Za-z0-9]+\./, 'W/"0ther1nstance.');
    expect((await get(PROGRESS, customerA, { "if-none-match": otherInstance })).status).toBe(200);
    expect((await get(PROGRESS, customerA, { "if-none-match": 'W/"nonsense"' })).status).toBe(200);
    try {
      clockOffset = UNCHANGED_DATA_MAX_AGE_MS + 1_000;
      expect((await get(PROGRESS, customerA, { "if-none-match": etag! })).status).toBe(200);
      const newer = await get(PROGRESS, customerA);
      clockOffset = 0;
      expect((await get(PROGRESS, customerA, { "if-none-match": newer.etag! })).status).toBe(200);
    } finally {
      clockOffset = 0;
    }
  });

  it("answers in full while a change was made or heard a moment ago, and marks every form's answer so", async () => {
    const { etag } = await get(PROGRESS, customerA);
    const marked = await get(PROGRESS, customerA, {
      "if-none-match": etag!,
      cookie: `${customerA.cookie}; ${RECENT_CHANGE_COOKIE}=1`,
    });
    expect(marked.status).toBe(200);
    expect(marked.ran).toBe(true);

    const posted = await fetch(`${base}${PROGRESS}`, { method: "POST", headers: { cookie: customerA.cookie } });
    expect(posted.headers.getSetCookie()).toContain(`${RECENT_CHANGE_COOKIE}=1; Path=/; Max-Age=5; SameSite=Lax`);
  });

  it("tags full answers only: no tag on a redirect, a refusal, or a document", async () => {
    try {
      for (const answer of [
        { status: 204, headers: { "X-Remix-Redirect": "/login" } },
        { status: 403 },
        { status: 500 },
      ]) {
        pageAnswer = answer;
        const { status, etag, response } = await get(PROGRESS, customerA);
        expect(status).toBe(answer.status);
        expect(etag).toBeNull();
        expect(response.headers.get("cache-control")).toBeNull();
      }
    } finally {
      pageAnswer = { status: 200 };
    }
    expect((await get("/dashboard/progress", customerA)).etag).toBeNull();
  });
});
