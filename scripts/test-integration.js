// Runs the integration tests on the embedded PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from "node:child_process";

function run(label, env) {
  console.log(`\n=== Integration tests on ${label} ===`);
  const result = spawnSync("npx", ["vitest", "run", "--project", "integration"], { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { TEST_DATABASE_URL, ...withoutServer } = process.env;
run("PGlite (embedded)", withoutServer);
if (TEST_DATABASE_URL) run("PostgreSQL (TEST_DATABASE_URL)", process.env);
else console.log("\nTEST_DATABASE_URL is not set: the PostgreSQL pass did not run.");
