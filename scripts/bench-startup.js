// `npm run bench:startup`: how long `npm start` takes, on a fresh data folder, until `/` first answers 200.
// The build is made first (not timed); each run gets an empty DATA_DIR, so migrations and the admin are made anew.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3290);

const build = spawnSync("npm", ["run", "build"], { stdio: "ignore" });
if (build.status !== 0) throw new Error("build failed");

async function firstResponse(url, deadline) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no 200 from ${url} in time`);
}

const timings = [];
for (let run = 0; run < RUNS; run++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-startup-"));
  const started = performance.now();
  const child = spawn("npm", ["start"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: "admin@bench.test",
      ADMIN_PASSWORD: "Bench-Admin-Password-1!",
      DATABASE_URL: "",
    },
    stdio: "ignore",
    detached: true,
  });
  try {
    await firstResponse(`http://localhost:${PORT}/`, Date.now() + 60_000);
    timings.push(performance.now() - started);
  } finally {
    process.kill(-child.pid, "SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

timings.sort((a, b) => a - b);
const median = timings[Math.floor(timings.length / 2)];
console.log(
  `npm start, fresh data folder, to first 200 on /: median ${(median / 1000).toFixed(2)} s over ${RUNS} runs`,
);
console.log(`runs: ${timings.map((t) => `${(t / 1000).toFixed(2)} s`).join(", ")}`);
