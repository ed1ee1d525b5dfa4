import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { PRIVATE_FILE_MODE } from "../config/private-files.server";
import { StartupError } from "../config/startup-error";

export class DataFolderLockedError extends StartupError {}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the data folder for this process alone: two processes on one PGlite folder corrupt it.
 * The lock file holds the owner's pid; a lock left by a process that no longer runs is taken over.
 */
export function lockDataFolder(dataDir: string): () => void {
  const file = path.join(dataDir, "app.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", PRIVATE_FILE_MODE);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processIsAlive(owner)) {
        throw new DataFolderLockedError(
          `The data folder ${dataDir} is in use by another running app (process ${owner}). ` +
            "Two processes on one embedded database folder would corrupt it: stop the other one first, " +
            "or give this one its own DATA_DIR.",
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataFolderLockedError(`Could not lock the data folder ${dataDir}.`);
}
