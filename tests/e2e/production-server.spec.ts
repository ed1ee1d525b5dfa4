import { expect } from "@playwright/test";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { E2E_BASE_URL, test } from "./fixtures";

/** A port of its own, next to the end-to-end server's and the fake card provider's. */
const PORT = Number(new URL(E2E_BASE_URL).port) + 2;

test("`node server/main.js` without NODE_ENV runs React's production server build", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-production-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SITE_URL: `http://localhost:${PORT}`,
  };
  for (const name of [
    "NODE_ENV",
    "E2E_TEST_HOOKS",
    "DATABASE_URL",
    "ADMIN_EMAIL",
    "ADMIN_PASSWORD",
    "STRIPE_API_HOST",
    "STRIPE_API_PORT",
    "STRIPE_API_PROTOCOL",
  ]) {
    delete env[name];
  }
  const server = spawn(process.execPath, ["--require", "./tests/e2e/react-build-probe.cjs", "server/main.js"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  try {
    await expect.poll(() => output, { timeout: 45_000 }).toContain("Serving http://localhost");
    // A page render, so React's server renderer is in use, not only loaded.
    const page = await fetch(`http://localhost:${PORT}/login`);
    expect(page.status).toBe(200);
    await expect.poll(() => output).toMatch(/react-dom\/server build: \w+/);
    expect(/react-dom\/server build: (\w+)/.exec(output)?.[1], output).toBe("production");
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
