import { defineConfig } from "@playwright/test";
import base from "../../playwright.config";

/**
 * The operations specs (scripts/test.js ops): each starts its own app processes, PostgreSQL cluster and S3 server
 * (tests/ops/support.ts) on ports from OPS_PORT_BASE, so there is no web server here and one worker.
 */
export default defineConfig({
  testDir: ".",
  testMatch: /\.spec\.ts$/,
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [["list"]],
  timeout: 180_000,
  expect: { timeout: 10_000 },
  use: { ...base.use, baseURL: undefined },
});
