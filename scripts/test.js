// The test suite, stage by stage, each one timed: `npm test` runs them all, `node scripts/test.js <layer>...` some
// (typecheck, lint, unit, integration, e2e, ops). It stops at the first stage that fails. At the end, and on a
// failure, it prints each stage's duration and the total, so the next change that costs a minute says so.
//
// The integration tests run twice: on the embedded PGlite, then on PostgreSQL when TEST_DATABASE_URL is set. The
// end-to-end stage's table has a row for each Playwright project (tests/e2e/project-times-reporter.ts). The
// operations tests start PostgreSQL clusters of their own from PG_BIN (or /usr/lib/postgresql/<version>/bin) and
// are said not to have run without them. Typecheck and lint each keep one core busy: they run side by side, each
// one's output printed whole when it ends. `.ci/run` times its install steps into TEST_STAGE_TIMES (lines of
// "stage<TAB>milliseconds") and sets TEST_RUN_STARTED (epoch milliseconds): both join the table and its total.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const E2E_PROJECT_TIMES = ".tmp/e2e-project-times.tsv";

function pgBin() {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, "pg_ctl"))) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const found = readdirSync(root).find((version) => existsSync(path.join(root, version, "bin", "initdb")));
  return found ? path.join(root, found, "bin") : undefined;
}

const { TEST_DATABASE_URL, ...withoutServer } = process.env;

/** Each layer's stages in run order: a stage is a label, a command, and what it needs to say it did not run. */
const layers = {
  typecheck: [{ label: "typecheck", command: ["npm", "run", "typecheck"], sideBySide: true }],
  lint: [{ label: "lint", command: ["npm", "run", "lint"], sideBySide: true }],
  unit: [{ label: "unit", command: ["npx", "vitest", "run", "--project", "unit", "--project", "unit:isolated"] }],
  integration: [
    { label: "integration: PGlite", command: ["npx", "vitest", "run", "--project", "integration"], env: withoutServer },
    {
      label: "integration: PostgreSQL",
      command: ["npx", "vitest", "run", "--project", "integration"],
      skip: TEST_DATABASE_URL ? undefined : "TEST_DATABASE_URL is not set",
    },
  ],
  e2e: [
    { label: "build", command: ["npm", "run", "build"] },
    { label: "e2e", command: ["npx", "playwright", "test"], rows: e2eProjectRows },
  ],
  ops: [
    {
      label: "ops: SIGKILL during an upload, PostgreSQL restart",
      command: ["npx", "vitest", "run", "--project", "ops"],
      ops: true,
    },
    {
      label: "ops: two instances on one PostgreSQL and one S3 server",
      command: ["npx", "playwright", "test", "--config", "tests/ops/playwright.config.ts"],
      ops: true,
    },
  ],
};

/** The e2e stage's rows per Playwright project, as the reporter wrote them (first test's start to last one's end). */
function e2eProjectRows() {
  if (!existsSync(E2E_PROJECT_TIMES)) return [];
  return readFileSync(E2E_PROJECT_TIMES, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [project, seconds, tests] = line.split("\t");
      return { label: `  e2e project ${project} (${tests} tests)`, seconds: Number(seconds) };
    });
}

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in layers));
if (unknown.length > 0) {
  console.error(`Unknown layer ${unknown.join(", ")}: choose from ${Object.keys(layers).join(", ")}`);
  process.exit(2);
}
const stages = (asked.length > 0 ? asked : Object.keys(layers)).flatMap((name) => layers[name]);

const started = Number(process.env.TEST_RUN_STARTED) || Date.now();
/** Stages timed before this script (`.ci/run`'s installs), then this run's. */
const table = readEarlierStages();
const bin = pgBin();
let failed;

for (let index = 0; index < stages.length && !failed; index++) {
  const stage = stages[index];
  if (stage.sideBySide && stages[index + 1]?.sideBySide) {
    const pair = [stage, stages[index + 1]];
    index++;
    const passed = await Promise.all(pair.map(runStageAside));
    failed = pair.find((_, at) => !passed[at])?.label;
    continue;
  }
  const skip =
    stage.skip ?? (stage.ops && !bin ? "no PostgreSQL server binaries (set PG_BIN or install postgresql)" : undefined);
  if (skip) {
    console.log(`\n=== ${stage.label}: NOT RUN - ${skip} ===`);
    table.push({ label: `${stage.label} (not run)`, seconds: 0 });
    continue;
  }
  if (stage.ops && !existsSync("build/server/index.js")) runStage({ label: "build", command: ["npm", "run", "build"] });
  if (!runStage(stage)) failed = stage.label;
}

printTable();
process.exit(failed ? 1 : 0);

function runStage(stage) {
  console.log(`\n=== ${stage.label} ===`);
  if (stage.rows) rmSync(E2E_PROJECT_TIMES, { force: true });
  const env = { ...(stage.env ?? process.env), ...(stage.ops ? { PG_BIN: bin } : {}) };
  const from = Date.now();
  const [command, ...args] = stage.command;
  const result = spawnSync(command, args, { stdio: "inherit", env });
  const seconds = (Date.now() - from) / 1000;
  const ok = result.status === 0;
  table.push({ label: ok ? stage.label : `${stage.label} (FAILED)`, seconds });
  if (stage.rows) table.push(...stage.rows());
  console.log(`=== ${stage.label}: ${ok ? "passed" : "FAILED"} in ${formatSeconds(seconds)} ===`);
  return ok;
}

/** A stage run beside another: its output is held and printed whole when it ends, so the two never interleave. */
function runStageAside(stage) {
  const from = Date.now();
  const [command, ...args] = stage.command;
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  const output = [];
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (status) => {
      const seconds = (Date.now() - from) / 1000;
      const ok = status === 0;
      console.log(`\n=== ${stage.label} (side by side) ===`);
      process.stdout.write(Buffer.concat(output));
      console.log(`=== ${stage.label}: ${ok ? "passed" : "FAILED"} in ${formatSeconds(seconds)} ===`);
      table.push({ label: ok ? stage.label : `${stage.label} (FAILED)`, seconds });
      resolve(ok);
    });
  });
}

function readEarlierStages() {
  const file = process.env.TEST_STAGE_TIMES;
  if (!file || !existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [label, milliseconds] = line.split("\t");
      return { label, seconds: Number(milliseconds) / 1000 };
    });
}

function printTable() {
  const total = (Date.now() - started) / 1000;
  const width = Math.max(...table.map((row) => row.label.length), 5);
  console.log("\n=== Stage times ===");
  for (const row of table) console.log(`${row.label.padEnd(width)}  ${formatSeconds(row.seconds).padStart(8)}`);
  console.log(
    `${"total".padEnd(width)}  ${formatSeconds(total).padStart(8)}${failed ? `  (stopped: ${failed} failed)` : ""}`,
  );
}

function formatSeconds(seconds) {
  const whole = Math.round(seconds);
  return whole >= 60 ? `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, "0")}s` : `${whole}s`;
}
