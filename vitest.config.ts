import { lingui } from "@lingui/vite-plugin";
import { defineConfig } from "vitest/config";
import { landingPageScript } from "./landing-page-script.vite";
import { linguiMacro } from "./lingui-macro.vite";

/** Unit test files that mock a module (vi.mock): each runs with modules of its own (see the unit project). */
const ISOLATED_UNIT_TESTS = "app/**/*.isolated.test.{ts,tsx}";

/**
 * Integration files the PostgreSQL pass leaves to the embedded one (which every `npm test` runs): their subject is
 * not the database. The embedded database's own files (its template, its data folder and lock), and the HTTP edge
 * (the authorization walk, which checks each route's answer to each role, request limits, headers, compression,
 * the start-up warning), whose answers come from the app's code whichever database is beneath it.
 */
const EMBEDDED_PASS_ONLY = [
  "tests/integration/pglite-template.test.ts",
  "tests/integration/data-folder-permissions.test.ts",
  "tests/integration/data-lock.test.ts",
  "tests/integration/authorization-matrix.test.ts",
  "tests/integration/http-hardening.test.ts",
  "tests/integration/security-headers.test.ts",
  "tests/integration/compression.test.ts",
  "tests/integration/start-up-warning.test.ts",
];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // The landing page's script: its URL as the development server names it (the quote page's loader gives it).
  plugins: [linguiMacro(), lingui(), landingPageScript()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          exclude: [ISOLATED_UNIT_TESTS],
          environment: "node",
          // The files share their worker's modules: importing them again for each file was three quarters of the
          // stage (pure rules and components keep no state between files). A file that mocks a module is
          // `*.isolated.test.*` and runs in the project below, since a mock would reach the files after it.
          isolate: false,
          // A worker per core: Vitest's default is one fewer, which on two cores is one.
          maxWorkers: "100%",
        },
      },
      {
        extends: true,
        test: {
          name: "unit:isolated",
          include: [ISOLATED_UNIT_TESTS],
          environment: "node",
          maxWorkers: "100%",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          // The LISTEN/NOTIFY tests need a PostgreSQL server: they run in the TEST_DATABASE_URL pass.
          include: [
            "tests/integration/*.test.ts",
            ...(process.env.TEST_DATABASE_URL ? ["tests/integration/postgres/*.test.ts"] : []),
          ],
          exclude: process.env.TEST_DATABASE_URL ? EMBEDDED_PASS_ONLY : [],
          globalSetup: ["tests/integration/global-setup.ts"],
          // A file's isolation is its own database and services (testApp), not its own copy of the app's modules:
          // importing the whole app again for each file was a third of the stage. Faults are made in the file's
          // database, not with vi.mock (a module mocked in one file would reach the others), and the settings a file
          // changes are put back when it ends.
          isolate: false,
          setupFiles: ["tests/integration/restore-process-env.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file opens its own database; two cores run two files at once at most.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // Real app processes, PostgreSQL clusters and an S3 server (tests/ops/support.ts): scripts/test.js ops runs them.
          name: "ops",
          include: ["tests/ops/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
