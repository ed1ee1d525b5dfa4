// `npm run bench:messages`: the customer's Messages page with a long conversation. The requirement: with 2,000
// messages in the conversation, /dashboard/messages stays a small document (under 100 kB of HTML, the style sheet
// every page inlines left out: the loader sends only the newest page of messages, not the thread) and as fast as the other portal screens (p95 at 10 connections
// within 20% of /dashboard/progress). Builds the app (BENCH_SKIP_BUILD=1 reuses the build), starts it from the build
// on a fresh data folder, signs up a customer, writes their 2,000 messages (customer and agency, some with files)
// and the conversation row directly, then measures both screens with autocannon as that customer, in turns: the
// document's size (one GET), and the medians over the runs of requests/s, p50, p95 and the app's CPU time a
// request. It reports; it does not fail (exit code
// 0 whatever the figures): the tests check.
//   --duration=10          seconds a run (default 10)
//   --runs=3               runs of each screen (default 3)
//   --db=pglite|postgres   the database (default pglite; postgres: DATABASE_URL if given, else a throwaway cluster)
//   BENCH_PORT (default 4712), BENCH_SKIP_BUILD=1, WEB_CONCURRENCY (PostgreSQL; default 2)
import autocannon from "autocannon";
import { rmSync } from "node:fs";
import http from "node:http";
import pg from "pg";
import {
  buildApp,
  cpuMs,
  freshDataDir,
  openPglite,
  percentile,
  signInThroughApp,
  startApp,
  startPostgres,
} from "./bench-support.js";

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? "1"];
  }),
);
const DURATION = Number(args.duration ?? 10);
const RUNS = Number(args.runs ?? 3);
const CONNECTIONS = 10;
const DB = args.db ?? "pglite";
const PORT = Number(process.env.BENCH_PORT ?? 4712);
const ORIGIN = `http://localhost:${PORT}`;
const MESSAGES = 2000;
const TARGET_DOCUMENT_BYTES = 100_000;
const TARGET_P95_RATIO = 1.2;
const PATHS = ["/dashboard/messages", "/dashboard/progress"];

const CUSTOMER = {
  name: "Bench Customer",
  email: "bench-messages@bench.test",
  password: "Bench-Customer-Password-1!",
  phone: "(555) 123-4567",
  companyName: "Bench Cleaning",
};

const PROSE =
  "Hi! Thanks for the update on the website. We looked at the draft of the home page last night and we like the " +
  "colors, but could you move the phone number to the top so people see it right away? Also the photos of the " +
  "kitchen jobs are a bit dark; I can send brighter ones this week. For the Google profile, the postcard has not " +
  "arrived yet, we will let you know as soon as it does. One more thing: our hours changed, we now open at 8 am " +
  "on Saturdays and close at 2 pm. Let me know if you need anything else from us. ";

/**
 * The conversation, as the screens would have written it: every third message from the agency (the admin), one in
 * ten with a photo or a PDF, some answered by e-mail, 100-300 characters each, one minute apart, the newest last.
 */
const SEED_SQL = (userId, adminId) => `
  insert into messages (user_id, author_id, from_agency, body, attachments, source, created_at)
    select '${userId}',
           case when n % 3 = 2 then '${adminId}'::uuid else '${userId}'::uuid end,
           n % 3 = 2,
           'Message ' || n || ': ' || substr(repeat('${PROSE.replace(/'/g, "''")}', 2), 1 + (n * 53) % 300, 100 + (n * 37) % 201),
           case when n % 10 <> 0 then '[]'::jsonb
                when n % 20 = 0 then jsonb_build_array(jsonb_build_object(
                  'url', '/files/message-attachments/bench/' || n || '.pdf', 'thumbnailUrl', null,
                  'name', 'estimate-' || n || '.pdf', 'size', 184320, 'contentType', 'application/pdf'))
                else jsonb_build_array(jsonb_build_object(
                  'url', '/files/message-attachments/bench/' || n || '.jpg', 'thumbnailUrl', '/files/message-attachments/bench/' || n || '-thumb.webp',
                  'name', 'kitchen-' || n || '.jpg', 'size', 734003, 'contentType', 'image/jpeg'))
           end,
           case when n % 7 = 0 and n % 3 = 2 then 'email' else 'portal' end,
           now() - make_interval(mins => ${MESSAGES} - n)
      from generate_series(1, ${MESSAGES}) n;
  insert into conversations (user_id, last_message_at, waiting_since, customer_unread, agency_unread, customer_read_at, agency_read_at)
    select '${userId}', max(created_at), null, 0, 0, max(created_at), max(created_at) from messages where user_id = '${userId}';
`;

async function seed(kind, target, sql) {
  if (kind === "postgres") {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    await client.query(sql);
    await client.end();
  } else {
    const db = await openPglite(target);
    await db.exec(sql);
    await db.close();
  }
}

/**
 * One GET of the document: its HTML in bytes, the bytes on the wire (gzip/br, as a browser asks), the loader data's
 * share and the inlined style sheet's (the same on every page, so the target leaves it out).
 */
async function documentSize(path, cookie) {
  const response = await fetch(`${ORIGIN}${path}`, { headers: { cookie }, redirect: "manual" });
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  const html = await response.text();
  // React Router streams the loader data into the document as <script>…streamController.enqueue(…)</script> chunks.
  const data = [...html.matchAll(/<script[^>]*>[^<]*streamController\.enqueue[\s\S]*?<\/script>/g)].reduce(
    (sum, [s]) => sum + Buffer.byteLength(s),
    0,
  );
  const style = [...html.matchAll(/<style[^>]*>[\s\S]*?<\/style>/g)].reduce(
    (sum, [s]) => sum + Buffer.byteLength(s),
    0,
  );
  const wire = await new Promise((resolve, reject) => {
    http
      .get(`${ORIGIN}${path}`, { headers: { cookie, "accept-encoding": "gzip, br" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk) => (bytes += chunk.length));
        res.on("end", () => resolve({ bytes, encoding: res.headers["content-encoding"] ?? "identity" }));
      })
      .on("error", reject);
  });
  return { bytes: Buffer.byteLength(html), data, style, wire };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measure(app, path, cookie, duration = DURATION) {
  const latencies = [];
  const cpuBefore = cpuMs(app.pid);
  const instance = autocannon({
    url: `${ORIGIN}${path}`,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
    headers: { cookie, "accept-encoding": "gzip, br" },
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  const cpu = cpuMs(app.pid) - cpuBefore;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    // The app's CPU time a request: steadier than latency on a busy machine.
    cpuPerRequest: result.requests.total ? cpu / result.requests.total : NaN,
  };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

buildApp(ORIGIN);
console.log(
  `bench:messages: ${MESSAGES} messages, ${DB}, ${CONNECTIONS} connections, ${RUNS} runs of ${DURATION} s a screen (medians); targets: the messages document under ` +
    `${TARGET_DOCUMENT_BYTES / 1000} kB without its style sheet, its p95 within ${Math.round((TARGET_P95_RATIO - 1) * 100)}% of /dashboard/progress`,
);
const dataDir = freshDataDir("bench-messages-");
const postgres =
  DB === "postgres"
    ? process.env.DATABASE_URL
      ? { url: process.env.DATABASE_URL, stop() {} }
      : await startPostgres()
    : null;
if (DB === "postgres" && !postgres) {
  console.log("PostgreSQL: skipped (no DATABASE_URL and no server binaries)");
  process.exit(0);
}
let app;
const results = {};
try {
  // First start: migrations and the admin; the customer signs up, the admin signs in (their id writes the agency's side).
  app = await startApp({ port: PORT, dataDir, databaseUrl: postgres?.url });
  const { id: customerId, cookie } = await signInThroughApp(ORIGIN, CUSTOMER);
  const { id: adminId } = await signInThroughApp(ORIGIN);
  await app.stop();

  // The conversation, written directly (the embedded database is only reachable while the app is stopped).
  await seed(DB, postgres ? postgres.url : dataDir, SEED_SQL(customerId, adminId));
  app = await startApp({
    port: PORT,
    dataDir,
    databaseUrl: postgres?.url,
    env: { WEB_CONCURRENCY: postgres ? (process.env.WEB_CONCURRENCY ?? "2") : "" },
  });

  // A short warm-up of both screens first, so neither is measured while its code is still cold. Then the two
  // screens take turns, RUNS rounds, the first screen alternating: on a shared machine one 10 s run's p95 moves by
  // a fifth from run to run, and the screen measured second would always have the warmer process.
  for (const path of PATHS) await measure(app, path, cookie, 2);
  const runs = Object.fromEntries(PATHS.map((path) => [path, []]));
  for (let round = 0; round < RUNS; round++) {
    for (const path of round % 2 ? [...PATHS].reverse() : PATHS) runs[path].push(await measure(app, path, cookie));
  }
  for (const path of PATHS) {
    const keys = ["rps", "p50", "p95", "cpuPerRequest", "non2xx", "timeouts"];
    results[path] = {
      ...(await documentSize(path, cookie)),
      ...Object.fromEntries(keys.map((key) => [key, median(runs[path].map((run) => run[key]))])),
    };
    const r = results[path];
    console.log(
      `${path.padEnd(22)} document ${String(r.bytes).padStart(7)} B (${kB(r.bytes)}; loader data ${kB(r.data)}; style sheet ${kB(r.style)}; ${r.wire.encoding} ${kB(r.wire.bytes)})  ` +
        `${fmt(r.rps).padStart(5)} req/s  p50 ${fmt(r.p50).padStart(4)} ms  p95 ${fmt(r.p95).padStart(4)} ms  cpu ${fmt(r.cpuPerRequest, 1)} ms/req  non-2xx ${r.non2xx} time-outs ${r.timeouts}` +
        `  (p95 of each run: ${runs[path].map((run) => fmt(run.p95)).join(", ")} ms)`,
    );
  }
} finally {
  // Requests autocannon abandoned at the end of the last run are still being answered: let them finish first.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  await app?.stop();
  postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const messages = results["/dashboard/messages"];
const progress = results["/dashboard/progress"];
const ratio = messages.p95 / progress.p95;
console.log(
  `verdict: messages document under ${TARGET_DOCUMENT_BYTES / 1000} kB without its style sheet: ` +
    `${messages.bytes - messages.style < TARGET_DOCUMENT_BYTES ? "yes" : "no"} (${kB(messages.bytes - messages.style)}); ` +
    `messages p95 within ${Math.round((TARGET_P95_RATIO - 1) * 100)}% of progress: ${ratio <= TARGET_P95_RATIO ? "yes" : "no"} ` +
    `(${fmt(messages.p95)} / ${fmt(progress.p95)} ms = ${fmt(ratio, 2)})`,
);
