import { defineConfig, devices } from "@playwright/test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${PORT}`;
export const E2E_ADMIN = { email: "admin@e2e.test", password: "E2e-Admin-Password-1!" };
/** The fake Stripe API (tests/fakes/stripe-server.ts) the app's Stripe SDK talks to, and the webhook secret tests sign with. */
const FAKE_STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? PORT + 1);
export const E2E_STRIPE = {
  url: `http://127.0.0.1:${FAKE_STRIPE_PORT}`,
  webhookSecret: "whsec_e2e_fake_stripe_secret",
};

/**
 * The browser: CHROMIUM_PATH, else Debian's Chromium headless shell (package chromium-headless-shell: the same engine
 * without the browser's own interface, about a tenth less end-to-end time on two cores), else Debian's Chromium.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => existsSync(file)) ??
  "/usr/bin/chromium";

/**
 * Every spec takes `test` from tests/e2e/fixtures.ts, whose fixture fails a test on any Content-Security-Policy
 * violation; a spec importing Playwright's own `test` would silently skip that check, so the run refuses to start.
 */
function specsUsingPlaywrightTest(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".spec.ts"))
    .filter((file) => {
      const source = readFileSync(path.join(dir, file), "utf8");
      return [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@playwright\/test["']/g)].some(([, names]) =>
        names!.split(",").some((name) => name.trim() === "test" || name.trim().startsWith("test as ")),
      );
    });
}
const unguardedSpecs = specsUsingPlaywrightTest("tests/e2e");
if (unguardedSpecs.length > 0) {
  throw new Error(`Import \`test\` from ./fixtures, not @playwright/test, in: ${unguardedSpecs.join(", ")}`);
}

/**
 * Specs that count every request a page makes: the admin sees every change, so another spec's activity would make
 * the admin's open page reload its data. Run by the "quiet" project, alone, after the parallel ones.
 */
const QUIET_SPECS = /portal-requests\.spec\.ts$/;
/** Specs whose settings reach every page of the shared e2e server: run by the "server-wide" project, last. */
const SERVER_WIDE_SPECS = /(admin-settings|review-requests|receipt-settings)\.spec\.ts$/;
/**
 * The work-queue spec expects a proof it sends among the 20 oldest pending payments on the admin's dashboard: run by
 * the "first" project, alone, before the parallel specs leave pending payments of their own.
 */
const FIRST_SPECS = /admin-work-queue\.spec\.ts$/;
/** The admin two-factor spec: the Two-Factor setting changes every admin's sign-in, so it runs after the server-wide project. */
const TWO_FACTOR_SPECS = /admin-two-factor\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // The list, then each project's time for the stage table of scripts/test.js.
  reporter: [["list"], ["./tests/e2e/project-times-reporter.ts"]],
  // Two journeys run side by side on a two-core CI machine, each with up to three browsers and the one server: a
  // journey that takes 20 s alone can take three times as long there. Slowness is measured by the benchmarks.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    // A failed test keeps its trace (each action's DOM, network and console) and a screenshot of its end. The trace
    // leaves out its film of screenshots: taking one after every action cost about a quarter of the end-to-end time.
    // In CI no trace: a run's output is all that is read of it, and recording every test's trace cost a tenth of the
    // stage. A failure still leaves its screenshot and error context; a local run keeps the failed test's trace.
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      // The system's Chromium (Debian's packages); Playwright downloads no browser of its own here.
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "first", use: { ...devices["Desktop Chrome"] }, testMatch: FIRST_SPECS, fullyParallel: false },
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: [FIRST_SPECS, QUIET_SPECS, SERVER_WIDE_SPECS, TWO_FACTOR_SPECS],
      dependencies: ["first"],
    },
    {
      name: "quiet",
      use: { ...devices["Desktop Chrome"] },
      testMatch: QUIET_SPECS,
      dependencies: ["chromium"],
      fullyParallel: false,
    },
    // Specs that change what every visitor sees (Maintenance Mode) run alone, after all the others.
    // One worker: each spec's settings (Maintenance Mode, the Review Link) would reach the other's pages.
    {
      name: "server-wide",
      use: { ...devices["Desktop Chrome"] },
      testMatch: SERVER_WIDE_SPECS,
      dependencies: ["quiet"],
      fullyParallel: false,
      workers: 1,
    },
    // Two-factor on reaches every admin sign-in (the shared e2e admin's too): alone, after everything else.
    {
      name: "two-factor",
      use: { ...devices["Desktop Chrome"] },
      testMatch: TWO_FACTOR_SPECS,
      dependencies: ["server-wide"],
      fullyParallel: false,
    },
  ],
  webServer: [
    {
      // A fresh embedded database for every run; the build comes from `npm run build` before this.
      command: "rm -rf .tmp/e2e-data && node server/main.js",
      url: `${E2E_BASE_URL}/login`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      env: {
        NODE_ENV: "test",
        PORT: String(PORT),
        DATA_DIR: ".tmp/e2e-data",
        SITE_URL: E2E_BASE_URL,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        E2E_TEST_HOOKS: "1",
        // Many sign-ins from one address in a short run; the limit itself is covered by an integration test.
        AUTH_RATE_LIMIT_MAX: "10000",
        // Parallel specs sign in the one e2e admin in many pages at once; the limit itself has an integration test.
        LIVE_STREAMS_PER_USER: "100",
        DATABASE_URL: "",
        AUTH_SECRET: "",
        // One JSON line per request would flood the run's output: warnings and errors only (E2E_LOG_LEVEL=info for all).
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
        // Card payments against the fake Stripe server below.
        STRIPE_SECRET_KEY: "sk_test_e2e_fake",
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
        STRIPE_API_HOST: "127.0.0.1",
        STRIPE_API_PORT: String(FAKE_STRIPE_PORT),
        STRIPE_API_PROTOCOL: "http",
      },
    },
    {
      // A fake of the Stripe API at the network edge; the real SDK in the app talks to it.
      command: `npx tsx tests/fakes/stripe-server.ts ${FAKE_STRIPE_PORT}`,
      // It sends the subscriptions' events (the care plans' months) to the app's webhook, signed as the provider does.
      env: {
        FAKE_STRIPE_WEBHOOK_URL: `${E2E_BASE_URL}/api/stripe/webhook`,
        FAKE_STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
      },
      url: `${E2E_STRIPE.url}/__requests`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe",
    },
  ],
});
