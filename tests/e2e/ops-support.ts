import { expect } from "@playwright/test";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { E2E_BASE_URL } from "./fixtures";

/**
 * Operations tests (graceful shutdown, backup and restore) start the built app themselves, as `npm start` would,
 * on their own ports: E2E_PORT + 10 and up (the shared end-to-end server has E2E_PORT and the next one).
 */
export const OPS_PORT_BASE = Number(new URL(E2E_BASE_URL).port) + 10;

export interface RunningProcess {
  base: string;
  process: ChildProcess;
  output: () => string;
  /** Sends the signal; resolves with the exit code and how long the process took to exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

/** Settings that the shared end-to-end run may have in the environment and an ops app must not inherit. */
const INHERITED = [
  "E2E_TEST_HOOKS",
  "DATABASE_URL",
  "ADMIN_EMAIL",
  "ADMIN_PASSWORD",
  "STRIPE_API_HOST",
  "STRIPE_API_PORT",
  "STRIPE_API_PROTOCOL",
  "AUTH_SECRET",
  "CREDENTIALS_KEY",
  "DATA_DIR",
  "PORT",
  "SITE_URL",
];

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", ...extra };
  for (const name of INHERITED) if (!(name in extra)) delete env[name];
  return env;
}

/** `node server/main.js` on the build, with a data folder of its own; resolves once /healthz answers. */
export async function startApp(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
): Promise<RunningProcess> {
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["server/main.js"], {
    env: cleanEnv({ PORT: String(port), DATA_DIR: dataDir, SITE_URL: base, AUTH_RATE_LIMIT_MAX: "1000", ...extra }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode}:\n${output}`);
        return fetch(`${base}/healthz`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 60_000, intervals: [200] },
    )
    .toBe(200);
  return {
    base,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      const sent = performance.now();
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      return { code, ms: performance.now() - sent };
    },
  };
}

/** Runs `npm run <script> -- <args>` as an operator would, with the given settings. */
export function npmRun(script: string, args: string[], extra: Record<string, string>) {
  const result = spawnSync("npm", ["run", "-s", script, "--", ...args], {
    env: cleanEnv(extra),
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** A JSON POST as the site's own pages send it (same Origin). */
export function postJson(base: string, path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}
