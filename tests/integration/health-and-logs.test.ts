import express from "express";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db/db.server";
import { createLogger, routeConsoleToLogger, type Logger } from "~/lib/logger.server";
import { LocalStorage } from "~/lib/storage/storage.server";
import { createApp, type Lifecycle } from "../../server/app";
import { LiveStreams } from "../../server/events";
import { requestLogging } from "../../server/request-logging";
import { TEST_PASSWORD } from "./support";
import { testApp } from "./test-app";

/** A logger writing into memory: the parsed lines and the raw text (to check that nothing secret was written). */
function capturedLogger(): { logger: Logger; lines: Record<string, unknown>[]; raw: () => string } {
  const lines: Record<string, unknown>[] = [];
  let raw = "";
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      raw += chunk.toString();
      for (const line of chunk.toString().split("\n").filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  return { logger: createLogger({ destination, level: "debug" }), lines, raw: () => raw };
}

const servers: Server[] = [];
async function serve(app: express.Express): Promise<string> {
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const app = testApp();
const folders: string[] = [];

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("GET /healthz and /readyz", () => {
  it("/healthz answers 200 without a session, uncached, echoing the request id", async () => {
    const base = await serve(createApp(app.services, { logger: capturedLogger().logger }));
    const response = await fetch(`${base}/healthz`, { headers: { "x-request-id": "lb-probe-1" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toBe("lb-probe-1");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("/readyz is 200 when the database is reachable and migrated and storage writable", async () => {
    const base = await serve(createApp(app.services, { logger: capturedLogger().logger }));
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready", checks: { database: "ok", storage: "ok" } });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("/readyz is 503 with a JSON reason when storage is not writable", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "readyz-storage-"));
    folders.push(root);
    // A file where the bucket's folder should be: nothing can be written under it (whoever the tests run as).
    writeFileSync(path.join(root, "avatars"), "not a folder");
    const { logger, lines } = capturedLogger();
    const base = await serve(createApp({ ...app.services, storage: new LocalStorage(root) }, { logger }));
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: "not ready",
      reason: "storage not writable",
      checks: { database: "ok", storage: "storage not writable" },
    });
    // The detail (a path on this machine) goes to the log only.
    expect(lines.find((line) => line.check === "storage")).toMatchObject({
      level: "warn",
      problem: expect.stringMatching(/ENOTDIR|EEXIST/),
    });
  });

  it("/readyz is 503 when the database is closed, and when it was never migrated", async () => {
    const closed = await openDatabase({ pgliteDir: "memory://" });
    await closed.close();
    const closedBase = await serve(
      createApp({ ...app.services, database: closed }, { logger: capturedLogger().logger }),
    );
    const down = await fetch(`${closedBase}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: "not ready", reason: "database unreachable" });

    const unmigrated = await openDatabase({ pgliteDir: "memory://" });
    try {
      const base = await serve(
        createApp({ ...app.services, database: unmigrated }, { logger: capturedLogger().logger }),
      );
      const response = await fetch(`${base}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ reason: "migrations not applied (the app applies them at start)" });
    } finally {
      await unmigrated.close();
    }
    // Two embedded databases opened: slow on a busy machine.
  }, 120_000);

  it("/readyz is 503 once the app is shutting down, so a load balancer drains it", async () => {
    const lifecycle: Lifecycle = { draining: false, liveStreams: new LiveStreams() };
    const base = await serve(createApp(app.services, { logger: capturedLogger().logger, lifecycle }));
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    lifecycle.draining = true;
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ reason: "shutting down" });
    expect(response.headers.get("connection")).toBe("close");
    // A live stream asked for on a kept-alive connection now would outlast the shutdown: retry elsewhere.
    const stream = await fetch(`${base}/events`, { headers: { accept: "text/event-stream" } });
    expect(stream.status).toBe(503);
    expect(stream.headers.get("retry-after")).toBe("1");
  });
});

describe("request logs", () => {
  it("logs one JSON line per request with its id; a request's cookie and password never reach the log", async () => {
    const customer = await app.customer();
    const { logger, lines, raw } = capturedLogger();
    const base = await serve(createApp(app.services, { logger }));
    const cookieValue = customer.cookie;
    const response = await fetch(`${base}/api/auth/sign-in/email?token=SECRET-QUERY-TOKEN`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: "http://localhost:3000",
        cookie: cookieValue,
        "x-request-id": "journey-7",
        authorization: "Bearer SECRET-BEARER",
      },
      body: JSON.stringify({ email: customer.email, password: TEST_PASSWORD }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("journey-7");
    const setCookie = response.headers.getSetCookie().join("; ");
    expect(setCookie).toContain("session_token=");
    await expect.poll(() => lines.filter((line) => line.msg === "request")).toHaveLength(1);
    const line = lines.find((entry) => entry.msg === "request")!;
    expect(line).toMatchObject({
      level: "info",
      requestId: "journey-7",
      method: "POST",
      status: 200,
      url: "/api/auth/sign-in/email?token=%5Bredacted%5D",
    });
    expect(typeof line.durationMs).toBe("number");

    const text = raw();
    expect(text).not.toContain(TEST_PASSWORD);
    expect(text).not.toContain("SECRET-BEARER");
    expect(text).not.toContain("SECRET-QUERY-TOKEN");
    for (const pair of [...cookieValue.split("; "), ...setCookie.split("; ")].filter((part) =>
      part.includes("session"),
    )) {
      const value = pair.split("=")[1]!;
      if (value) expect(text).not.toContain(value.split(".")[0]);
    }

    // A request without an id (or with a malformed one) gets a fresh one.
    const fresh = await fetch(`${base}/healthz`, { headers: { "x-request-id": "bad id, with spaces" } });
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("every line written while handling a request carries its id, across awaits, console lines included", async () => {
    const { logger, lines } = capturedLogger();
    const app = express();
    app.use(requestLogging(logger));
    app.get("/work", async (_req, res) => {
      logger.info("started the work");
      await delay(20);
      console.error("a step failed:", new Error("step failed"));
      res.send("done");
    });
    const base = await serve(app);
    const restore = routeConsoleToLogger(logger);
    try {
      const [a, b] = await Promise.all([
        fetch(`${base}/work`, { headers: { "x-request-id": "req-a" } }),
        fetch(`${base}/work`, { headers: { "x-request-id": "req-b" } }),
      ]);
      expect([await a.text(), await b.text()]).toEqual(["done", "done"]);
    } finally {
      restore();
    }
    await expect.poll(() => lines.filter((line) => line.msg === "request")).toHaveLength(2);
    for (const id of ["req-a", "req-b"]) {
      const own = lines.filter((line) => line.requestId === id).map((line) => line.msg);
      expect(own).toEqual(["started the work", "a step failed:", "request"]);
    }
    expect(lines.find((line) => line.requestId === "req-a" && line.level === "error")).toMatchObject({
      err: { message: "step failed" },
    });
  });
});
