// `npm run bench:portal`: signed-in portal screens under load. Builds the app, starts it from the build on a fresh
// data folder (the embedded PGlite; then PostgreSQL: DATABASE_URL if given, else a throwaway cluster when the
// server binaries exist), signs up a customer with payments, progress and information, signs in the admin, and
// measures with autocannon a GET of each customer screen, the admin customer detail, /login and /signup at 10, 50
// and 200 connections: requests/s, p50/p95/p99, non-2xx, time-outs, and the app processes' CPU time per request.
//   --quick            3 s per run instead of 20 s (development)
//   --db=pglite|postgres   one database only
//   --paths=/a,/b      only these screens        --connections=10,50   only these loads
//   BENCH_PORT (default 4710), BENCH_SKIP_BUILD=1, WEB_CONCURRENCY (PostgreSQL; default 2), BENCH_CPU_PROF=dir
import autocannon from "autocannon";
import { rmSync } from "node:fs";
import pg from "pg";
import {
  ADMIN,
  buildApp,
  cpuMs,
  freshDataDir,
  openPglite,
  percentile,
  sessionCookieFrom,
  startApp,
  startPostgres,
} from "./bench-support.js";

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? "1"];
  }),
);
const QUICK = args.quick === "1" || process.env.BENCH_QUICK === "1";
const DURATION = Number(args.duration ?? (QUICK ? 3 : 20));
const CONNECTIONS = (args.connections ?? "10,50,200").split(",").map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 4710);
const ORIGIN = `http://localhost:${PORT}`;
const DATABASES = args.db ? [args.db] : ["pglite", "postgres"];
const WORKERS = process.env.WEB_CONCURRENCY ?? "2";
const TARGET_CPU_MS = 3;

const CUSTOMER = {
  name: "Bench Customer",
  email: "bench-customer@bench.test",
  password: "Bench-Customer-Password-1!",
  phone: "(555) 123-4567",
  companyName: "Bench Cleaning",
};

/** The customer's rows, as the screens would have written them (payments, progress, information, notifications). */
const SEED_SQL = (userId) => `
  insert into payments (user_id, service_type, payment_number, amount, payment_method, proof_url, status)
    values ('${userId}', 'google_business', 1, 300, 'zelle', null, 'completed'),
           ('${userId}', 'website', 1, 500, 'card', null, 'completed'),
           ('${userId}', 'website', 2, 500, 'zelle', null, 'pending');
  insert into google_business_progress (user_id, information_collection, profile_creation, submitted_verification)
    values ('${userId}', true, true, true);
  insert into website_progress (user_id, current_step, client_info_received, domain_hosting_setup, planning_structure)
    values ('${userId}', 3, true, true, true);
  insert into google_business_info (user_id, legal_business_name, service_type, phone_number, website, address, city, state, zip, service_cities)
    values ('${userId}', 'Bench Cleaning LLC', 'House cleaning', '(555) 123-4567', 'https://bench.example', '1 Main St', 'Miami', 'FL', '33101', '{Miami,Doral}');
  insert into website_info (user_id, has_domain, domain_provider, legal_business_name, service_types, phone_number, city, state, service_cities)
    values ('${userId}', true, 'Namecheap', 'Bench Cleaning LLC', '{Cleaning,Windows}', '(555) 123-4567', 'Miami', 'FL', '{Miami}');
  insert into website_credentials (user_id, credential_type, title, website_link, username)
    values ('${userId}', 'domain', 'Domain', 'https://namecheap.com', 'bench');
  insert into notifications (user_id, type, title, message)
    select '${userId}', 'payment', 'Payment approved ' || n, 'Your payment was approved.' from generate_series(1, 8) n;
`;

async function post(path, body, cookie) {
  return fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function seedPglite(dataDir, sql) {
  const db = await openPglite(dataDir);
  await db.exec(sql);
  await db.close();
}

async function seedPostgres(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function measure(app, { path, cookie }, connections) {
  const latencies = [];
  const cpuBefore = cpuMs(app.pid);
  const instance = autocannon({
    url: `${ORIGIN}${path}`,
    connections,
    duration: DURATION,
    timeout: 10,
    headers: cookie ? { cookie, "accept-encoding": "gzip, br" } : { "accept-encoding": "gzip, br" },
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  const cpu = cpuMs(app.pid) - cpuBefore;
  latencies.sort((a, b) => a - b);
  const total = result.requests.total;
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    errors: result.errors,
    cpuPerRequest: total ? cpu / total : NaN,
  };
}

async function runOn(kind) {
  const dataDir = freshDataDir(`bench-portal-${kind}-`);
  const postgres = kind === "postgres" ? (process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, stop() {} } : await startPostgres()) : null;
  if (kind === "postgres" && !postgres) {
    console.log("PostgreSQL: skipped (no DATABASE_URL and no server binaries)");
    return [];
  }
  const rows = [];
  let app;
  try {
    // First start: migrations and the admin; the customer signs up and the admin signs in through the auth handler.
    app = await startApp({ port: PORT, dataDir, databaseUrl: postgres?.url });
    const signUp = await post("/api/auth/sign-up/email", CUSTOMER);
    if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
    const customerCookie = sessionCookieFrom(signUp);
    const customerId = (await signUp.json()).user.id;
    const signIn = await post("/api/auth/sign-in/email", { email: ADMIN.email, password: ADMIN.password });
    if (!signIn.ok) throw new Error(`admin sign-in: ${signIn.status} ${await signIn.text()}`);
    const adminCookie = sessionCookieFrom(signIn);
    await app.stop();

    // The customer's data, written directly (the embedded database is only reachable while the app is stopped).
    if (postgres) await seedPostgres(postgres.url, SEED_SQL(customerId));
    else await seedPglite(dataDir, SEED_SQL(customerId));

    const nodeArgs = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    app = await startApp({
      port: PORT,
      dataDir,
      databaseUrl: postgres?.url,
      nodeArgs,
      env: postgres ? { WEB_CONCURRENCY: WORKERS } : { WEB_CONCURRENCY: "" },
    });
    const screens = [
      ...["progress", "google-business", "website", "credentials", "profile"].map((name) => ({ path: `/dashboard/${name}`, cookie: customerCookie })),
      { path: `/admin/users/${customerId}`, cookie: adminCookie },
      { path: "/login" },
      { path: "/signup" },
    ].filter((screen) => !args.paths || args.paths.split(",").some((p) => screen.path.startsWith(p)));
    for (const screen of screens) {
      const check = await fetch(`${ORIGIN}${screen.path}`, { headers: screen.cookie ? { cookie: screen.cookie } : {}, redirect: "manual" });
      if (check.status !== 200) throw new Error(`${screen.path}: ${check.status} before the run`);
      for (const connections of CONNECTIONS) {
        const figures = await measure(app, screen, connections);
        const row = { db: kind === "postgres" ? `postgres x${WORKERS}` : "pglite", path: screen.path.replace(customerId, ":id"), connections, ...figures };
        rows.push(row);
        printRow(row);
      }
    }
  } finally {
    // Requests autocannon abandoned at the end of the last run are still being answered: let them finish first.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await app?.stop();
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
function printRow(r) {
  const marks = [
    r.cpuPerRequest <= TARGET_CPU_MS ? "" : "cpu>3ms",
    r.connections === 10 && r.p95 > 50 ? "p95>50ms" : "",
    r.connections === 200 && (r.timeouts > 0 || r.non2xx > 0) ? "timeouts/non-2xx" : "",
  ].filter(Boolean);
  console.log(
    `${r.db.padEnd(12)} ${r.path.padEnd(28)} c=${String(r.connections).padStart(3)}  ${fmt(r.rps).padStart(5)} req/s  ` +
      `p50 ${fmt(r.p50).padStart(4)} p95 ${fmt(r.p95).padStart(4)} p99 ${fmt(r.p99).padStart(5)} ms  ` +
      `non-2xx ${r.non2xx} time-outs ${r.timeouts}  cpu ${fmt(r.cpuPerRequest, 2)} ms/req${marks.length ? `  MISSES: ${marks.join(", ")}` : ""}`,
  );
}

buildApp(ORIGIN);
console.log(`bench:portal: ${DURATION} s a run, connections ${CONNECTIONS.join("/")}, targets: <= ${TARGET_CPU_MS} ms CPU a request, ` +
  `>= 300 req/s on PostgreSQL, p95 <= 50 ms at 10, no time-outs or non-2xx at 200`);
const all = [];
for (const kind of DATABASES) all.push(...(await runOn(kind)));
const pgRows = all.filter((r) => r.db.startsWith("postgres") && r.path.startsWith("/dashboard"));
if (pgRows.length) console.log(`PostgreSQL portal screens: best ${fmt(Math.max(...pgRows.map((r) => r.rps)))} req/s, worst ${fmt(Math.min(...pgRows.map((r) => r.rps)))} req/s`);
