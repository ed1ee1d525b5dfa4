// `npm run bench:landing`: the landing page's speed budget, measured. Builds the app, serves it from the build on
// its own port with a fresh data folder, runs Lighthouse (default mobile settings: simulated slow 4G and a 4x
// slower CPU) three times on each of `/`, `/es`, `/login` and `/signup` in the system Chromium, and prints the medians
// against the targets. BENCH_RUNS, BENCH_PORT and BENCH_PATHS (comma-separated) override the run count, the port
// and the pages; `--quick` is one run each; BENCH_SKIP_BUILD=1 serves the build already there.
// JavaScript budgets: 60 kB on `/` and `/es` (the landing page in English and Spanish), 130 kB on `/login` and `/signup`.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { lighthouseRun, loadAverage, median } from "./bench-support.js";

const RUNS = process.argv.includes("--quick") ? 1 : Number(process.env.BENCH_RUNS ?? 3);
const LANDING_PAGES = new Set(["/", "/es"]);
const PATHS = (process.env.BENCH_PATHS ?? "/,/es,/login,/signup").split(",").filter(Boolean);
const PORT = Number(process.env.BENCH_PORT ?? 3291);
const ORIGIN = `http://localhost:${PORT}`;
const TARGETS = [
  { key: "performance", label: "performance score", ok: (v) => v >= 100, goal: "100", show: (v) => String(v) },
  { key: "lcp", label: "LCP", ok: (v) => v <= 1800, goal: "<= 1.8 s", show: (v) => `${(v / 1000).toFixed(2)} s` },
  { key: "tbt", label: "TBT", ok: (v) => v <= 100, goal: "<= 100 ms", show: (v) => `${Math.round(v)} ms` },
  { key: "cls", label: "CLS", ok: (v) => v <= 0.02, goal: "<= 0.02", show: (v) => v.toFixed(3) },
  { key: "accessibility", label: "accessibility score", ok: (v) => v >= 100, goal: "100", show: (v) => String(v) },
  // The JavaScript budget is the landing page's (README "Landing page"); the other pages' figure is printed.
  // The landing page's budget is 60 kB; /login and /signup, the next pages a visitor opens, 130 kB.
  {
    key: "jsGzip",
    label: "JavaScript (gzipped)",
    ok: (v, page) => v <= (LANDING_PAGES.has(page) ? 60_000 : 130_000),
    goal: "",
    show: kb,
  },
  { key: "cssGzip", label: "CSS (gzipped)", ok: () => true, goal: "(no target)", show: kb },
];

function kb(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

async function waitForServer(deadline) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${ORIGIN}/`);
      if (response.status === 200) return response;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no 200 from ${ORIGIN}/ in time`);
}

/** Each script and style sheet the page loaded: bytes on the wire (the server compresses) and gzipped at the default level. */
async function assetSizes(lhr) {
  const records = lhr.audits["network-requests"].details.items;
  const sizes = { jsTransfer: 0, cssTransfer: 0, jsGzip: 0, cssGzip: 0, files: [] };
  for (const record of records) {
    const kind = record.resourceType === "Script" ? "js" : record.resourceType === "Stylesheet" ? "css" : null;
    if (!kind) continue;
    const body = Buffer.from(await (await fetch(record.url)).arrayBuffer());
    const gzipped = gzipSync(body).length;
    sizes[`${kind}Transfer`] += record.transferSize;
    sizes[`${kind}Gzip`] += gzipped;
    sizes.files.push({ url: new URL(record.url).pathname, kind, transfer: record.transferSize, gzipped });
  }
  return sizes;
}

async function audit(pagePath) {
  const lhr = await lighthouseRun(`${ORIGIN}${pagePath}`, { categories: ["performance", "accessibility"] });
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcp: lhr.audits["first-contentful-paint"].numericValue,
    lcp: lhr.audits["largest-contentful-paint"].numericValue,
    tbt: lhr.audits["total-blocking-time"].numericValue,
    cls: lhr.audits["cumulative-layout-shift"].numericValue,
    speedIndex: lhr.audits["speed-index"].numericValue,
    lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    ...(await assetSizes(lhr)),
  };
}

if (process.env.BENCH_SKIP_BUILD !== "1") {
  console.log("building...");
  const build = spawnSync("npx", ["react-router", "build"], {
    stdio: "ignore",
    env: { ...process.env, SITE_URL: ORIGIN },
  });
  if (build.status !== 0) throw new Error("build failed");
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-landing-"));
const server = spawn("node", ["server/main.js"], {
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SITE_URL: ORIGIN,
    DATABASE_URL: "",
    NODE_ENV: "production",
  },
  stdio: ["ignore", "ignore", "inherit"],
  detached: true,
});
const runsByPath = new Map(PATHS.map((pagePath) => [pagePath, []]));
try {
  const first = await waitForServer(Date.now() + 60_000);
  // The pre-rendered page is answered with an ETag; a page rendered per request has none.
  console.log(
    `serving ${ORIGIN}/ (${first.headers.get("etag") ? "pre-rendered file" : "rendered per request"}); load average ${loadAverage()}`,
  );
  for (const [pagePath, runs] of runsByPath)
    for (let run = 1; run <= RUNS; run++) {
      const figures = await audit(pagePath);
      runs.push(figures);
      console.log(
        `${pagePath} run ${run}: performance ${figures.performance}, LCP ${(figures.lcp / 1000).toFixed(2)} s, TBT ${Math.round(figures.tbt)} ms, ` +
          `CLS ${figures.cls.toFixed(3)}, accessibility ${figures.accessibility}, JS ${kb(figures.jsGzip)} gz, CSS ${kb(figures.cssGzip)} gz`,
      );
    }
} finally {
  process.kill(-server.pid, "SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

let missed = 0;
for (const [pagePath, runs] of runsByPath) {
  const medians = Object.fromEntries(
    [
      "performance",
      "accessibility",
      "fcp",
      "lcp",
      "tbt",
      "cls",
      "speedIndex",
      "jsGzip",
      "cssGzip",
      "jsTransfer",
      "cssTransfer",
    ].map((key) => [key, median(runs.map((run) => run[key]))]),
  );
  console.log(`\nLighthouse ${RUNS} runs on ${ORIGIN}${pagePath} (mobile defaults), medians:`);
  for (const target of TARGETS) {
    const value = medians[target.key];
    const ok = target.ok(value, pagePath);
    if (!ok) missed++;
    console.log(
      `  ${target.label.padEnd(22)} ${target.show(value).padStart(9)}   target ${(target.key === "jsGzip" ? (LANDING_PAGES.has(pagePath) ? "<= 60 kB" : "<= 130 kB") : target.goal).padEnd(10)} ${ok ? "met" : "NOT MET"}`,
    );
  }
  console.log(`  ${"FCP".padEnd(22)} ${`${(medians.fcp / 1000).toFixed(2)} s`.padStart(9)}`);
  console.log(`  ${"Speed Index".padEnd(22)} ${`${(medians.speedIndex / 1000).toFixed(2)} s`.padStart(9)}`);
  console.log(
    `  on the wire (compressed by the server, with headers): JS ${kb(medians.jsTransfer)}, CSS ${kb(medians.cssTransfer)}`,
  );
  console.log(`  LCP element: ${runs[0]?.lcpElement ?? "unknown"}`);
  console.log("  files loaded (gzipped):");
  for (const file of runs[0]?.files ?? [])
    console.log(`    ${file.kind.padEnd(4)}${kb(file.gzipped).padStart(9)}  ${file.url}`);
}
if (missed) {
  console.log(`\n${missed} target(s) not met`);
  process.exitCode = 1;
} else {
  console.log("\nall targets met");
}
