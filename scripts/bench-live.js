// `npm run bench:live`: many live-event streams (GET /events, server-sent events) on one app instance. Builds the
// app, writes BENCH_STREAMS signed-in viewers (users, profiles, sessions, one unread notification each) straight
// into a fresh embedded database, starts the app from the build, opens one stream per viewer from this process
// (the app runs in its own), then 50 times marks a viewer's notifications read through the app (a committed change
// for that viewer) and measures the time from sending that request to the change's arrival on the viewer's stream:
// p50 / p95 / max, the app's memory per stream (RSS delta / streams), and whether every stream is still open.
//   --quick   1,000 streams and 20 changes        BENCH_STREAMS, BENCH_CHANGES, BENCH_PORT (default 4711), BENCH_SKIP_BUILD=1, BENCH_CPU_PROF=dir
import http from "node:http";
import { rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import {
  buildApp,
  freshDataDir,
  openPglite,
  percentile,
  rssBytes,
  signedSessionCookie,
  startApp,
} from "./bench-support.js";

const QUICK = process.argv.includes("--quick") || process.env.BENCH_QUICK === "1";
const STREAMS = Number(process.env.BENCH_STREAMS ?? (QUICK ? 1_000 : 10_000));
const CHANGES = Number(process.env.BENCH_CHANGES ?? (QUICK ? 20 : 50));
const PORT = Number(process.env.BENCH_PORT ?? 4711);
const ORIGIN = `http://localhost:${PORT}`;
const OPEN_AT_ONCE = 100;
const ARRIVAL_TIMEOUT_MS = 10_000;
const TARGET_P95_MS = 100;

const SEED_SQL = (count) => `
  insert into "user" (name, email, email_verified, created_at, updated_at)
    select 'Viewer ' || n, 'viewer-' || n || '@bench.test', true, now(), now() from generate_series(1, ${count}) n;
  insert into profiles (id, full_name, email) select id, name, email from "user" where email like 'viewer-%@bench.test';
  insert into session (expires_at, token, created_at, updated_at, user_id)
    select now() + interval '1 day', 'bench-' || md5(id::text), now(), now(), id from "user" where email like 'viewer-%@bench.test';
  insert into notifications (user_id, type, title, message)
    select id, 'payment', 'Payment approved', 'Your payment was approved.' from "user" where email like 'viewer-%@bench.test';
`;

async function seed(dataDir) {
  const db = await openPglite(dataDir);
  await db.exec(SEED_SQL(STREAMS));
  const { rows } = await db.query(
    `select s.token, s.user_id from session s join "user" u on u.id = s.user_id where u.email like 'viewer-%@bench.test'`,
  );
  await db.close();
  return rows.map((row) => ({ userId: row.user_id, cookie: signedSessionCookie(row.token) }));
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** One viewer's stream: resolves once the headers are in; `waiters` get each change event's arrival time. */
function openStream(viewer) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${ORIGIN}/events`,
      { agent, headers: { cookie: viewer.cookie, accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`stream: ${response.statusCode}`));
          return;
        }
        viewer.open = true;
        viewer.waiters = [];
        let buffer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith("event: change")) {
              const at = performance.now();
              for (const waiter of viewer.waiters.splice(0)) waiter(at);
            }
          }
        });
        response.on("close", () => (viewer.open = false));
        resolve();
      },
    );
    request.on("error", reject);
  });
}

async function commitChangeFor(viewer) {
  const arrived = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no change event in time")), ARRIVAL_TIMEOUT_MS);
    viewer.waiters.push((at) => {
      clearTimeout(timer);
      resolve(at);
    });
  });
  const sentAt = performance.now();
  const response = await fetch(`${ORIGIN}/resources/notifications`, {
    method: "POST",
    headers: { cookie: viewer.cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: "intent=mark-all-read",
  });
  if (!response.ok) throw new Error(`mark-all-read: ${response.status} ${await response.text()}`);
  return (await arrived) - sentAt;
}

buildApp(ORIGIN);
const dataDir = freshDataDir("bench-live-");
let app;
try {
  // First start: migrations; then the viewers are written while the app is stopped (one process per data folder).
  app = await startApp({ port: PORT, dataDir });
  await app.stop();
  console.log(`writing ${STREAMS} viewers...`);
  const viewers = await seed(dataDir);
  const nodeArgs = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  app = await startApp({ port: PORT, dataDir, nodeArgs, env: { LIVE_STREAMS_PER_USER: "5" } });
  await sleep(1_000);
  const rssBefore = rssBytes(app.pid);

  console.log(`opening ${STREAMS} streams...`);
  const openStarted = performance.now();
  for (let i = 0; i < viewers.length; i += OPEN_AT_ONCE) {
    await Promise.all(viewers.slice(i, i + OPEN_AT_ONCE).map(openStream));
  }
  const openSeconds = (performance.now() - openStarted) / 1000;
  await sleep(2_000);
  const rssOpen = rssBytes(app.pid);
  console.log(
    `${STREAMS} streams open in ${openSeconds.toFixed(1)} s; app RSS ${(rssBefore / 1e6).toFixed(0)} MB -> ${(rssOpen / 1e6).toFixed(0)} MB`,
  );

  const latencies = [];
  const step = Math.max(1, Math.floor(viewers.length / CHANGES));
  for (let i = 0; i < CHANGES; i++) {
    latencies.push(await commitChangeFor(viewers[(i * step) % viewers.length]));
    await sleep(50);
  }
  latencies.sort((a, b) => a - b);
  await sleep(1_000);
  const stillOpen = viewers.filter((viewer) => viewer.open).length;
  const p95 = percentile(latencies, 95);
  console.log(
    `bench:live: ${STREAMS} streams, ${CHANGES} changes: request sent -> change arrived p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p95 ${p95.toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms (target p95 <= ${TARGET_P95_MS} ms${p95 <= TARGET_P95_MS ? ", met" : ", MISSED"})`,
  );
  console.log(`memory: ${((rssOpen - rssBefore) / STREAMS / 1024).toFixed(1)} kB per stream (app RSS delta / streams)`);
  console.log(`streams still open at the end: ${stillOpen} of ${STREAMS}${stillOpen === STREAMS ? "" : "  MISSED"}`);
  if (stillOpen !== STREAMS) process.exitCode = 1;
} finally {
  agent.destroy();
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
