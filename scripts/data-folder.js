// Shared by `npm run backup` and `npm run restore`: the data folder, its lock, and the archive's manifest.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/** The archive's own description, at its root next to the data folder's entries. */
export const MANIFEST = "backup.json";
export const FORMAT = 1;
/** Never archived: the lock belongs to the process that holds the folder. */
export const LOCK_FILE = "app.lock";

export class Refusal extends Error {}

/** The data folder the app would use: DATA_DIR as the app reads it (default ./data), resolved. */
export function dataDirFromEnv() {
  if (process.env.DATABASE_URL) {
    throw new Refusal(
      "DATABASE_URL is set: this command copies the embedded database only. For PostgreSQL use pg_dump / pg_restore " +
        "and copy the S3 bucket (see the README's Backup and restore section).",
    );
  }
  return path.resolve(process.env.DATA_DIR || "./data");
}

/**
 * The app's own data-folder lock (app/lib/db/data-lock.server.ts, from the build): taking it refuses while the app
 * runs on the folder, and keeps the app from starting while the command works on it.
 */
export async function lockDataFolder(dataDir) {
  const built = path.resolve("build/server/index.js");
  if (!existsSync(built)) throw new Refusal("There is no build: run `npm run build` first.");
  const { lockDataFolder: lock } = await import(built);
  try {
    return lock(dataDir);
  } catch (error) {
    throw new Refusal(error.message);
  }
}

/** Runs GNU tar (or bsdtar), failing with its message. */
export function tar(args) {
  const result = spawnSync("tar", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`Could not run tar: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`tar ${args[0]} failed: ${result.stderr.trim()}`);
  return result.stdout;
}

/**
 * Runs a command's main, printing a refusal or failure plainly and exiting 1. What the command writes (an archive
 * holding the keys, a restored data folder) is the user's alone, whatever the shell's umask (docs/decisions/028).
 */
export async function run(name, main) {
  process.umask(0o077);
  try {
    await main();
  } catch (error) {
    console.error(`${name}: ${error instanceof Refusal ? "refused" : "failed"}: ${error.message}`);
    process.exitCode = 1;
  }
}
