// `npm run bench:body-limit`: sends a 3 GB chunked body (made on the fly, never held in memory) to POST endpoints
// of the built server on 127.0.0.1 and prints the answer and the server's memory (RSS from /proc/<pid>/status)
// before and after. Run `npm run build` first. BENCH_BODY_GB, BENCH_PORT and BENCH_PATHS change the defaults.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

const BODY_BYTES = Number(process.env.BENCH_BODY_GB ?? 3) * 1024 ** 3;
const PORT = Number(process.env.BENCH_PORT ?? 3296);
const ORIGIN = `http://127.0.0.1:${PORT}`;
// An Express endpoint (Better Auth reads the body itself), the webhook (body-parser), and a resource route that
// answers an anonymous visitor (401) before reading: the connection is closed rather than read through.
const PATHS = (
  process.env.BENCH_PATHS ?? "/api/auth/sign-in/email,/api/stripe/webhook,/resources/payments/proof"
).split(",");

if (!existsSync("build/server/index.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kB = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssMB: kB("VmRSS") / 1024, peakMB: kB("VmHWM") / 1024 };
}

/** Streams BODY_BYTES as a chunked body, written only as fast as the server takes it. */
function sendChunked(pathname) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(`${ORIGIN}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked", origin: ORIGIN },
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    let status;
    let settled = false;
    const done = (outcome) => {
      if (settled) return;
      settled = true;
      resolve({ status, sent, seconds: (performance.now() - started) / 1000, outcome });
    };
    // The client keeps sending after the answer, as a careless one would: the figure shows how much the server
    // took in before it closed the connection.
    request.on("response", (response) => {
      status = response.statusCode;
      response.resume();
    });
    request.on("error", (error) => done(`then the server closed the connection: ${error.code}`));
    request.on("close", () => done("connection closed"));
    const write = () => {
      while (sent < BODY_BYTES && !settled) {
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", write);
          return;
        }
      }
      if (!settled) request.end();
    };
    write();
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-body-limit-"));
const env = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SITE_URL: ORIGIN, DATABASE_URL: "" };
delete env.NODE_ENV; // as `npm start` runs it
const server = spawn(process.execPath, ["server/main.js"], { env, stdio: ["ignore", "pipe", "inherit"] });
let output = "";
server.stdout.on("data", (text) => (output += text));
try {
  const deadline = Date.now() + 60_000;
  while (!output.includes("Serving")) {
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // A few ordinary requests first, so the baseline includes a warmed-up server.
  for (let i = 0; i < 5; i++) await fetch(`${ORIGIN}/login`).then((response) => response.text());
  console.log(`server pid ${server.pid}, body ${(BODY_BYTES / 1024 ** 3).toFixed(1)} GB chunked per request`);
  for (const pathname of PATHS) {
    const before = memory(server.pid);
    const result = await sendChunked(pathname);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = memory(server.pid);
    console.log(
      `POST ${pathname}: status ${result.status ?? "none"} (${result.outcome}) after ${(result.sent / 1024 ** 2).toFixed(1)} MB sent ` +
        `of ${(BODY_BYTES / 1024 ** 2).toFixed(0)} MB in ${result.seconds.toFixed(2)} s; server RSS ${before.rssMB.toFixed(1)} MB before, ` +
        `${after.rssMB.toFixed(1)} MB after (peak ${after.peakMB.toFixed(1)} MB)`,
    );
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
