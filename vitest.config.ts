import { lingui } from "@lingui/vite-plugin";
import { defineConfig } from "vitest/config";
import { linguiMacro } from "./lingui-macro.vite";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [linguiMacro(), lingui()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "node",
          // A worker per core: Vitest's default is one fewer, which on two cores is one.
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
