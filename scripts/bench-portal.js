// `npm run bench:portal`: signed-in portal screens under load. Builds the app, starts it from the build on a fresh
// data folder (the embedded PGlite; then PostgreSQL: DATABASE_URL if given, else a throwaway cluster when the
// server binaries exist), signs up a customer with payments, progress and information, signs in the admin, and
// measures with autocannon a GET of the pre-rendered landing page (the static ceiling), each customer screen, the
// admin customer detail, the data requests a live change makes for progress and the customer detail (and the same
// sent again with the answer's ETag: a revalidation of an unchanged page), /login and /signup at 10, 50 and 200
// connections: requests/s and its share of the static ceiling, p50/p95/p99, non-2xx,
// time-outs, and the app processes' CPU time per request.
//   --quick            3 s per run instead of 20 s (development)
//   --db=pglite|postgres   one database only
//   --paths=/a,/b      only these screens        --connections=10,50   only these loads
//   BENCH_PORT (default 4710), BENCH_SKIP_BUILD=1, WEB_CONCURRENCY (PostgreSQL; default 2), BENCH_CPU_PROF=dir
import autocannon from "autocannon";
import { buildApp, cpuMs, loadAverage, percentile, startPostgres, startSeededApp } from "./bench-support.js";

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
const TARGET_OF_CEILING = 0.4;
/** A revalidation of an unchanged page's data: answered from the tag, near the static file's rate. */
const TARGET_REVALIDATION_OF_CEILING = 0.8;

/** What a browser sends on every request (the tag is for one language, so its fetch and the run send the same). */
const BROWSER_HEADERS = { "accept-encoding": "gzip, br", "accept-language": "en-US,en;q=0.9" };

async function measure(app, { path, cookie }, connections, ifNoneMatch) {
  const latencies = [];
  const cpuBefore = cpuMs(app.pid);
  const instance = autocannon({
    url: `${ORIGIN}${path}`,
    connections,
    duration: DURATION,
    timeout: 10,
    headers: {
      ...BROWSER_HEADERS,
      ...(cookie ? { cookie } : {}),
      ...(ifNoneMatch ? { "if-none-match": ifNoneMatch } : {}),
    },
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
    non2xx: result.non2xx - (ifNoneMatch ? (result.statusCodeStats?.["304"]?.count ?? 0) : 0),
    notModified: result.statusCodeStats?.["304"]?.count ?? 0,
    timeouts: result.timeouts,
    errors: result.errors,
    cpuPerRequest: total ? cpu / total : NaN,
  };
}

async function runOn(kind) {
  const postgres =
    kind === "postgres"
      ? process.env.DATABASE_URL
        ? { url: process.env.DATABASE_URL, stop() {} }
        : await startPostgres()
      : null;
  if (kind === "postgres" && !postgres) {
    console.log("PostgreSQL: skipped (no DATABASE_URL and no server binaries)");
    return [];
  }
  const rows = [];
  let seeded;
  try {
    const nodeArgs = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    seeded = await startSeededApp({
      port: PORT,
      prefix: `bench-portal-${kind}-`,
      databaseUrl: postgres?.url,
      nodeArgs,
      env: postgres ? { WEB_CONCURRENCY: WORKERS } : { WEB_CONCURRENCY: "" },
    });
    const { app, customerCookie, adminCookie, customerId } = seeded;
    // First the static ceiling: the pre-rendered landing page, a file served by the same instance.
    const screens = [
      { path: "/", ceiling: true },
      ...["progress", "google-business", "website", "credentials", "profile"].map((name) => ({
        path: `/dashboard/${name}`,
        cookie: customerCookie,
      })),
      { path: `/admin/users/${customerId}`, cookie: adminCookie },
      // What an open tab asks on each live change: the page's data again.
      { path: "/dashboard/progress.data", cookie: customerCookie },
      { path: `/admin/users/${customerId}.data`, cookie: adminCookie },
      // The same asked again with the tag of the answer the tab holds, while nothing changed (304 where the app
      // answers so; a full answer where it sends no tag).
      { path: "/dashboard/progress.data", cookie: customerCookie, revalidate: true },
      { path: `/admin/users/${customerId}.data`, cookie: adminCookie, revalidate: true },
      { path: "/login" },
      { path: "/signup" },
    ].filter((screen) => screen.ceiling || !args.paths || args.paths.split(",").some((p) => screen.path.startsWith(p)));
    const ceiling = new Map();
    for (const screen of screens) {
      const check = await fetch(`${ORIGIN}${screen.path}`, {
        headers: screen.cookie ? { cookie: screen.cookie } : {},
        redirect: "manual",
      });
      if (check.status !== 200) throw new Error(`${screen.path}: ${check.status} before the run`);
      for (const connections of CONNECTIONS) {
        // A fresh tag for each run: the app trusts one for a minute only.
        const tag = screen.revalidate
          ? (
              await fetch(`${ORIGIN}${screen.path}`, {
                headers: { ...BROWSER_HEADERS, cookie: screen.cookie },
                redirect: "manual",
              })
            ).headers.get("etag")
          : null;
        const figures = await measure(app, screen, connections, tag);
        if (screen.ceiling) ceiling.set(connections, figures.rps);
        const row = {
          db: kind === "postgres" ? `postgres x${WORKERS}` : "pglite",
          path: screen.ceiling
            ? "/ (static ceiling)"
            : `${screen.path.replace(customerId, ":id")}${screen.revalidate ? ` (tag ${tag ? "sent" : "none"})` : ""}`,
          connections,
          ...figures,
          ofCeiling: screen.ceiling ? null : figures.rps / ceiling.get(connections),
        };
        rows.push(row);
        printRow(row);
      }
    }
  } finally {
    // Requests autocannon abandoned at the end of the last run are still being answered: let them finish first.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await seeded?.stop();
    postgres?.stop();
  }
  return rows;
}

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
function printRow(r) {
  // The target: at most 3 ms of CPU a request, or at least 40% of the static ceiling in the same run.
  const revalidation = r.path.includes("(tag ");
  const share = revalidation ? TARGET_REVALIDATION_OF_CEILING : TARGET_OF_CEILING;
  const fastEnough =
    r.ofCeiling === null || r.ofCeiling >= share || (!revalidation && r.cpuPerRequest <= TARGET_CPU_MS);
  const marks = [
    fastEnough
      ? ""
      : revalidation
        ? `<${share * 100}% of static`
        : `cpu>${TARGET_CPU_MS}ms and <${share * 100}% of static`,
    r.connections === 10 && r.p95 > 50 ? "p95>50ms" : "",
    r.connections === 200 && (r.timeouts > 0 || r.non2xx > 0) ? "timeouts/non-2xx" : "",
  ].filter(Boolean);
  console.log(
    `${r.db.padEnd(12)} ${r.path.padEnd(40)} c=${String(r.connections).padStart(3)}  ${fmt(r.rps).padStart(5)} req/s ` +
      `${r.ofCeiling === null ? "" : `(${fmt(r.ofCeiling * 100)}% of static)`.padStart(16)}  ` +
      `p50 ${fmt(r.p50).padStart(4)} p95 ${fmt(r.p95).padStart(4)} p99 ${fmt(r.p99).padStart(5)} ms  ` +
      `non-2xx ${r.non2xx}${r.notModified ? ` (304 ${r.notModified})` : ""} time-outs ${r.timeouts}  cpu ${fmt(r.cpuPerRequest, 2)} ms/req${marks.length ? `  MISSES: ${marks.join(", ")}` : ""}`,
  );
}

buildApp(ORIGIN);
console.log(
  `bench:portal: ${DURATION} s a run, connections ${CONNECTIONS.join("/")}, targets: <= ${TARGET_CPU_MS} ms CPU a request ` +
    `or >= ${TARGET_OF_CEILING * 100}% of the static ceiling (an unchanged page's data sent with its tag: >= ${TARGET_REVALIDATION_OF_CEILING * 100}%), >= 300 req/s on PostgreSQL, p95 <= 50 ms at 10, no time-outs or non-2xx at 200; ` +
    `load average ${loadAverage()}`,
);
const all = [];
for (const kind of DATABASES) all.push(...(await runOn(kind)));
const pgRows = all.filter((r) => r.db.startsWith("postgres") && r.path.startsWith("/dashboard"));
if (pgRows.length)
  console.log(
    `PostgreSQL portal screens: best ${fmt(Math.max(...pgRows.map((r) => r.rps)))} req/s, worst ${fmt(Math.min(...pgRows.map((r) => r.rps)))} req/s`,
  );
