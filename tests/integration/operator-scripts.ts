import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Runs `npm run backup` / `npm run restore` (scripts/backup.js, restore.js) the way an operator does, without a
 * build: the scripts take the app's data-folder lock from build/server/index.js, so they run (through tsx) in a
 * scratch folder whose build/server/index.js hands them the lock's source. `umask 022` is the usual shell's: the
 * scripts must make their own files private whatever the operator's shell says.
 */
export function runDataFolderScript(
  script: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
): SpawnSyncReturns<string> {
  const cwd = mkdtempSync(path.join(os.tmpdir(), "operator-script-"));
  try {
    mkdirSync(path.join(cwd, "build", "server"), { recursive: true });
    const lock = path.resolve("app/lib/db/data-lock.server.ts");
    writeFileSync(
      path.join(cwd, "build", "server", "index.js"),
      `export { lockDataFolder } from ${JSON.stringify(lock)};\n`,
    );
    const command = [path.resolve("node_modules/.bin/tsx"), path.resolve(`scripts/${script}.js`), ...args];
    return spawnSync("sh", ["-c", 'umask 022 && exec "$@"', "sh", ...command], {
      cwd,
      encoding: "utf8",
      timeout: 60_000,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: "", ...env },
    });
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

/** Every entry under `root` (itself included) whose mode lets another user in: folders must be 0700, files 0600. */
export function openEntries(root: string): string[] {
  const open: string[] = [];
  const visit = (full: string) => {
    const stat = lstatSync(full);
    const mode = stat.mode & 0o777;
    const name = path.relative(root, full) || ".";
    if (stat.isDirectory()) {
      if (mode !== 0o700) open.push(`${name}/ ${mode.toString(8)}`);
      for (const entry of readdirSync(full)) visit(path.join(full, entry));
    } else if (!stat.isFile()) open.push(`${name} (not a plain file)`);
    else if (mode !== 0o600) open.push(`${name} ${mode.toString(8)}`);
  };
  visit(root);
  return open;
}
