// The operations tests (tests/ops): several app processes on one PostgreSQL and one S3 server, a SIGKILL in the middle
// of an upload, a PostgreSQL restart under the running app. Each starts its own PostgreSQL cluster, so they need the
// PostgreSQL server binaries (PG_BIN, set by .ci/run, or /usr/lib/postgresql/<version>/bin); without them they are
// skipped with a message saying so. They run the build (`npm run build`), made here when it is missing.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

function pgBin() {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, "pg_ctl"))) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const found = readdirSync(root).find((version) => existsSync(path.join(root, version, "bin", "initdb")));
  return found ? path.join(root, found, "bin") : undefined;
}

const bin = pgBin();
if (!bin) {
  console.log("\n=== Operations tests: NOT RUN - no PostgreSQL server binaries (set PG_BIN or install postgresql) ===");
  process.exit(0);
}

function run(label, command, args, env = process.env) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const env = { ...process.env, PG_BIN: bin };
if (!existsSync("build/server/index.js")) run("Build for the operations tests", "npm", ["run", "build"]);
run("Operations tests: SIGKILL during an upload, PostgreSQL restart", "npx", ["vitest", "run", "--project", "ops"], env);
run("Operations tests: two instances on one PostgreSQL and one S3 server", "npx", ["playwright", "test", "--config", "tests/ops/playwright.config.ts"], env);
