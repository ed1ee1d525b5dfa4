// `npm run bench:pages`: the signed-in screens' speed in a browser. Builds the app, starts it on a fresh data folder
// (PGlite) with the benchmarks' customer (payments, progress, information, a care plan, a reminder), an enquiry and a
// signed-in admin, and runs Lighthouse (mobile defaults) three times on the customer's and the admin's main screens with
// their session cookie, and on /login and /signup signed out; prints the medians (score, FCP, LCP, TBT, JavaScript transferred, requests)
// against the targets, and the scripts each page loaded.
//   --quick   one run each        --paths=/a,/b   only these pages
//   BENCH_RUNS (default 3), BENCH_PORT (default 4760), BENCH_SKIP_BUILD=1
import { BENCH_LEAD_ID, buildApp, lighthouseRun, loadAverage, median, startSeededApp } from "./bench-support.js";

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? "1"];
  }),
);
const RUNS = args.quick ? 1 : Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4760);
const ORIGIN = `http://localhost:${PORT}`;

/** The JavaScript each kind of page may load (transferred, compressed by the server). */
const JS_BUDGET = { customer: 150_000, admin: 200_000, public: 130_000 };
const TARGETS = { score: 100, lcp: 1500, tbt: 100 };

const kb = (bytes) => `${(bytes / 1000).toFixed(0)} kB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function audit(url, cookie) {
  const lhr = await lighthouseRun(url, { cookie });
  const requests = lhr.audits["network-requests"].details.items;
  const scripts = requests.filter((request) => request.resourceType === "Script");
  return {
    finalPath: new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl).pathname,
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: lhr.audits["first-contentful-paint"].numericValue,
    lcp: lhr.audits["largest-contentful-paint"].numericValue,
    tbt: lhr.audits["total-blocking-time"].numericValue,
    js: scripts.reduce((sum, request) => sum + request.transferSize, 0),
    requests: requests.length,
    renderBlocking: lhr.audits["render-blocking-resources"]?.details?.overallSavingsMs ?? 0,
    unusedJs: lhr.audits["unused-javascript"]?.details?.overallSavingsBytes ?? 0,
    scripts: scripts
      .map((request) => ({ path: new URL(request.url).pathname, transfer: request.transferSize }))
      .sort((a, b) => b.transfer - a.transfer),
  };
}

buildApp(ORIGIN);
const seeded = await startSeededApp({ port: PORT, prefix: "bench-pages-", env: { WEB_CONCURRENCY: "" } });
const pages = [
  ...["/dashboard/progress", "/dashboard/google-business", "/dashboard/profile", "/dashboard/plans"].map((path) => ({
    path,
    kind: "customer",
    cookie: seeded.customerCookie,
  })),
  ...[
    "/admin/dashboard",
    "/admin/users",
    `/admin/users/${seeded.customerId}`,
    // The Messages tab holds the customer's Reminders card.
    `/admin/users/${seeded.customerId}/messages`,
    "/admin/leads",
    `/admin/leads/${BENCH_LEAD_ID}`,
    "/admin/analytics",
    // The settings, with their Plans and Reminders tabs.
    "/admin/settings",
  ].map((path) => ({
    path,
    kind: "admin",
    cookie: seeded.adminCookie,
  })),
  { path: "/login", kind: "public" },
  { path: "/signup", kind: "public" },
].filter((page) => !args.paths || args.paths.split(",").some((prefix) => page.path.startsWith(prefix)));

console.log(
  `bench:pages: Lighthouse (mobile defaults), ${RUNS} run(s) a page on ${ORIGIN}, PGlite; load average ${loadAverage()}`,
);
const results = [];
try {
  for (const page of pages) {
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      const figures = await audit(`${ORIGIN}${page.path}`, page.cookie);
      // A page that sent the browser elsewhere (the sign-in page) measured the wrong thing.
      if (figures.finalPath !== page.path)
        throw new Error(`${page.path} ended on ${figures.finalPath}: is the session cookie right?`);
      runs.push(figures);
      console.log(
        `  ${page.path} run ${run}: ${figures.score}, LCP ${seconds(figures.lcp)}, TBT ${Math.round(figures.tbt)} ms, JS ${kb(figures.js)}`,
      );
    }
    const pick = (key) => median(runs.map((run) => run[key]));
    results.push({
      ...page,
      runs,
      score: pick("score"),
      fcp: pick("fcp"),
      lcp: pick("lcp"),
      tbt: pick("tbt"),
      js: pick("js"),
      requests: pick("requests"),
    });
  }
} finally {
  await seeded.stop();
}

const label = (path) => path.replace(seeded.customerId, ":id").replace(BENCH_LEAD_ID, ":id");
console.log(
  `\nMedians of ${RUNS} run(s); targets: score ${TARGETS.score}, LCP <= ${seconds(TARGETS.lcp)}, TBT <= ${TARGETS.tbt} ms, ` +
    `JS <= ${kb(JS_BUDGET.customer)} (customer) / ${kb(JS_BUDGET.admin)} (admin) / ${kb(JS_BUDGET.public)} (/login, /signup); * = missed\n`,
);
console.log("| page | score | FCP | LCP | TBT | JS (transferred) | requests |");
console.log("|---|---|---|---|---|---|---|");
let missed = 0;
for (const r of results) {
  const mark = (ok) => {
    if (!ok) missed++;
    return ok ? "" : " *";
  };
  console.log(
    `| ${label(r.path)} | ${r.score}${mark(r.score >= TARGETS.score)} | ${seconds(r.fcp)} | ${seconds(r.lcp)}${mark(r.lcp <= TARGETS.lcp)} | ` +
      `${Math.round(r.tbt)} ms${mark(r.tbt <= TARGETS.tbt)} | ${kb(r.js)}${mark(r.js <= JS_BUDGET[r.kind])} | ${r.requests} |`,
  );
}
console.log("\nWhat each page loaded (first run): scripts by size, render-blocking time, unused JavaScript");
for (const r of results) {
  const first = r.runs[0];
  console.log(
    `  ${label(r.path)}: render-blocking ${Math.round(first.renderBlocking)} ms, unused JS ${kb(first.unusedJs)}`,
  );
  for (const script of first.scripts.filter((s) => s.transfer >= 3000))
    console.log(`    ${kb(script.transfer).padStart(7)}  ${script.path}`);
}
console.log(missed ? `\n${missed} target(s) missed` : "\nall targets met");
if (missed) process.exitCode = 1;
