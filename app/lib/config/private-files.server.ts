import { chmodSync, lstatSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { StartupError } from "./startup-error";

// The data folder holds the database, the stored files, password-reset links in the outbox and the generated keys:
// everything the app writes there is its user's alone (docs/decisions/028).

/** Folders the app makes: owner only. */
export const PRIVATE_FOLDER_MODE = 0o700;
/** Files the app writes: owner only. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Whatever the shell's umask, files this process creates get no group or other bits, those made by libraries too
 * (the embedded database writes its own files and asks for 0666). Called first by every entry: the server, the
 * cluster primary, and each operator command.
 */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/**
 * Takes group and other bits off everything under `root` (links are left as they are, never followed). For files a
 * library writes with modes of its own instead of the umask: the embedded database copies its files in with the
 * modes its bundled template carries (0666) and chmods some it makes (0644).
 */
export function closeToOthers(root: string): void {
  const visit = (full: string) => {
    const stat = lstatSync(full);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) chmodSync(full, stat.mode & 0o700);
    if (stat.isDirectory()) for (const entry of readdirSync(full)) visit(path.join(full, entry));
  };
  visit(root);
}

class DataFolderOpenError extends StartupError {}

/** The folder as a shell argument: plain paths as they are, anything else single-quoted. */
function shellWord(value: string): string {
  return /^[A-Za-z0-9_./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * Refuses a data folder that group or others may read, write or enter. Entering alone counts: with it, anyone who
 * knows a file's name (auth-secret, credentials-key) opens it if the file itself is readable, which an install made
 * before this check may well be. The fix is the operator's to run, once, not the app's to do silently.
 */
export function checkDataFolderIsPrivate(dataDir: string): void {
  const mode = statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  throw new DataFolderOpenError(
    `The data folder ${dataDir} is open to other users of this machine (mode ${mode.toString(8).padStart(4, "0")}); it ` +
      "holds the database, stored files, password-reset e-mails and the keys. Make it and everything in it private " +
      `with:\n  chmod -R go-rwx ${shellWord(dataDir)}\nthen start again.`,
  );
}
