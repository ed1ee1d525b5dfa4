import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { workerCount } from "../../server/cluster.js";

const FIXTURE = "tests/integration/fixtures/cluster-app.js";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let child: ChildProcess | undefined;
let output = "";

afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  child = undefined;
  output = "";
});

async function pidsAnswering(port: number, requests = 30): Promise<Set<string>> {
  const pids = new Set<string>();
  for (let i = 0; i < requests; i++) {
    // A new connection each time: the primary hands connections to the workers in turn.
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: "close" } });
    pids.add(await response.text());
  }
  return pids;
}

describe("WEB_CONCURRENCY", () => {
  it("runs one process on the embedded database, however many are asked for", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(workerCount({ WEB_CONCURRENCY: "4" })).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("embedded database allows one process"));
    expect(workerCount({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://db/app" })).toBe(4);
    expect(workerCount({ DATABASE_URL: "postgres://db/app" })).toBe(1);
    expect(workerCount({ WEB_CONCURRENCY: "many", DATABASE_URL: "postgres://db/app" })).toBe(1);
    warn.mockRestore();
  });

  it("prepares once, serves from every worker, replaces a dead one and stops them all on SIGTERM", async () => {
    const port = await freePort();
    child = spawn(process.execPath, [FIXTURE], {
      env: { ...process.env, PORT: String(port), WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://unused/app" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    await vi.waitFor(() => expect(output).toContain("2 worker processes serving"), { timeout: 20_000, interval: 50 });
    expect(output.match(/prepared in/g)).toHaveLength(1);

    const first = await pidsAnswering(port);
    expect(first.size).toBe(2);
    expect(first.has(String(child.pid))).toBe(false);

    await fetch(`http://127.0.0.1:${port}/crash`).catch(() => {});
    await vi.waitFor(() => expect(output).toContain("starting another"), { timeout: 20_000, interval: 50 });
    await vi.waitFor(async () => expect((await pidsAnswering(port, 10)).size).toBe(2), {
      timeout: 20_000,
      interval: 200,
    });

    const exited = new Promise<number | null>((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  }, 60_000);
});
