import type { KnipConfig } from "knip";

/**
 * Dead code in lint (`npm run lint`): files nothing reaches, exports nothing imports, dependencies nothing uses.
 * React Router's routes and config, Vitest's and Playwright's tests and configs, ESLint's config are found by
 * knip's own plugins; what those cannot see is named here, each with why.
 */
const config: KnipConfig = {
  entry: [
    // The cluster primary's workers, forked by path.
    "server/cluster.js",
    // The npm scripts' programs.
    "scripts/*.{js,ts}",
    // Started by path by tests: the cluster test's app, the production-server spec's React build probe, the
    // operations tests' own Playwright config (scripts/test.js ops).
    "tests/integration/fixtures/*.js",
    "tests/e2e/react-build-probe.cjs",
    "tests/ops/playwright.config.ts",
    // The pre-rendered landing page's script: an entry of the client build named by landing-page-script.vite.ts.
    "app/features/marketing/enhance/landing-page.ts",
  ],
  // util-linux: the benchmarks and the operations tests run PostgreSQL as an unprivileged user when root.
  ignoreBinaries: ["runuser"],
};

export default config;
