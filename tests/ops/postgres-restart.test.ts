// A PostgreSQL restart while the app runs is survived without restarting the app. During the
// outage requests fail clearly (503, a page or JSON), afterwards they work, and an open live stream resyncs and gets
// the changes made after the restart.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  Client,
  EventStream,
  OPS_PORT_BASE,
  startApp,
  startPgCluster,
  type AppProcess,
  type PgCluster,
} from "./support";

const APP_PORT = OPS_PORT_BASE + 30;
const PG_PORT = OPS_PORT_BASE + 33;

let cluster: PgCluster;
let dataDir: string;
let app: AppProcess;

beforeAll(async () => {
  cluster = startPgCluster(PG_PORT);
  const databaseUrl = await cluster.createDatabase("restart");
  dataDir = mkdtempSync(path.join(tmpdir(), "ops-restart-"));
  app = await startApp(APP_PORT, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
}, 120_000);

afterAll(async () => {
  await app?.kill("SIGKILL");
  cluster?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test("PostgreSQL stops and starts again under the running app: 503 meanwhile, then pages work and live streams resync", async () => {
  const customer = new Client(app.url);
  const email = `restart-${Date.now()}@ops.test`;
  await customer.signUp(email);
  expect((await customer.fetch("/dashboard/progress")).status).toBe(200);
  const stream = await EventStream.open(customer);

  // pg_ctl restart -m fast, in its two halves so the outage can be looked at.
  cluster.stop("fast");
  await app.waitFor(/Database unreachable/, 10_000);

  const page = await customer.fetch("/dashboard/progress", { headers: { accept: "text/html" } });
  expect(page.status).toBe(503);
  expect(page.headers.get("retry-after")).toBe("5");
  expect(await page.text()).toContain("Temporarily unavailable");
  const data = await customer.fetch("/resources/session");
  expect(data.status).toBe(503);
  expect(await data.json()).toEqual({ error: "The service is temporarily unavailable. Please try again in a moment." });
  // Background work (the e-mail queue's pass every 2 s) fails meanwhile too, and must not end the process.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(app.process.exitCode).toBeNull();
  expect((await customer.fetch("/resources/session")).status).toBe(503);
  // The open stream is the app's, not the database's: it stays open through the outage.
  expect(stream.closed).toBe(false);

  cluster.start();
  await until(async () => (await customer.fetch("/dashboard/progress")).status === 200);
  expect((await customer.fetch("/resources/session")).status).toBe(200);

  // The change bus listens again and tells the open stream to reload what it shows...
  await stream.waitFor((event) => event.event === "resync");
  // ...and a change committed after the restart reaches it.
  const hook = await customer.postJson("/__test/notifications", {
    email,
    type: "payment",
    title: "Back",
    message: "After the restart",
  });
  expect(hook.status).toBe(201);
  await stream.waitFor((event) => event.event === "change" && JSON.parse(event.data).table === "notifications");
  expect(stream.closed).toBe(false);
  stream.close();

  // And a full restart in one go (pg_ctl restart -m fast) is survived the same way.
  cluster.restart();
  await until(async () => (await customer.fetch("/dashboard/progress")).status === 200);
  expect(app.process.exitCode).toBeNull();
  expect(app.output()).not.toMatch(/Unhandled|uncaught/i);
}, 120_000);
