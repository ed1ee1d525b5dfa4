// `npm run restore -- <archive.tar.gz>`: brings an empty data folder (DATA_DIR, default ./data) back to the state
// an `npm run backup` archive holds. It refuses while the app runs on the folder (the data-folder lock) and
// refuses a folder that holds anything, so it never mixes two states or overwrites live data.
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { dataDirFromEnv, FORMAT, LOCK_FILE, lockDataFolder, MANIFEST, Refusal, run, tar } from "./data-folder.js";

const STAGING = ".restoring";

/** The entry types of a verbose tar listing (the first letter of the mode) that restore refuses. */
const ENTRY_KINDS = {
  l: "symbolic link",
  h: "hard link",
  c: "character device",
  b: "block device",
  p: "named pipe",
  s: "socket",
};

/**
 * The entries that are not plain files or folders, from the name listing and the verbose one (GNU tar and bsdtar
 * both print one line per entry, in the same order, and escape newlines in names).
 */
function specialEntries(names, verbose) {
  return verbose.flatMap((line, index) => {
    const kind = line[0];
    if (!line || kind === "-" || kind === "d") return [];
    return [`${names[index] ?? line} (${ENTRY_KINDS[kind] ?? "special entry"})`];
  });
}

/** The same, read from an unpacked folder without following anything. */
function specialFiles(root, prefix = "") {
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const name = `${prefix}${entry.name}`;
    if (entry.isDirectory()) return specialFiles(path.join(root, entry.name), `${name}/`);
    if (entry.isFile()) return lstatSync(path.join(root, entry.name)).nlink > 1 ? [`${name} (hard link)`] : [];
    return [`${name} (${entry.isSymbolicLink() ? "symbolic link" : "special entry"})`];
  });
}

function refuseSpecialEntries(archive, found) {
  if (found.length === 0) return;
  throw new Refusal(
    `${archive} holds entries that are not plain files or folders: ${found.slice(0, 5).join(", ")}${found.length > 5 ? ", ..." : ""}. ` +
      "An archive made by npm run backup holds only plain files and folders; nothing was restored.",
  );
}

await run("restore", async () => {
  const source = process.argv[2];
  if (!source) throw new Refusal("name the archive to restore: npm run restore -- backups/agency-2026-01-31.tar.gz");
  const archive = path.resolve(source);
  if (!existsSync(archive) || !statSync(archive).isFile()) throw new Refusal(`there is no archive at ${archive}.`);
  const dataDir = dataDirFromEnv();

  let manifest;
  try {
    manifest = JSON.parse(tar(["-xzOf", archive, MANIFEST]));
  } catch {
    throw new Refusal(`${archive} is not an archive made by npm run backup (it has no readable ${MANIFEST}).`);
  }
  if (manifest.format !== FORMAT)
    throw new Refusal(`${archive} has backup format ${manifest.format}; this version reads format ${FORMAT}.`);
  const names = tar(["-tzf", archive]).split("\n");
  if (!names.includes("pglite/PG_VERSION")) throw new Refusal(`${archive} holds no database.`);
  // Before anything is unpacked: a link (or a device, a pipe) in the data folder could make the files route serve,
  // or the database write, anything on the host.
  refuseSpecialEntries(archive, specialEntries(names, tar(["-tvzf", archive]).split("\n")));

  mkdirSync(dataDir, { recursive: true });
  // The lock first: a running app holds the folder (its lock names a live process), which is refused as such.
  const unlock = await lockDataFolder(dataDir);
  const staging = path.join(dataDir, STAGING);
  // What this run moved into the folder: taken out again if the restore does not finish.
  const moved = [];
  let placed = false;
  try {
    const present = readdirSync(dataDir).filter((name) => name !== LOCK_FILE);
    if (present.length > 0) {
      throw new Refusal(
        `${dataDir} is not empty (${present.slice(0, 5).join(", ")}${present.length > 5 ? ", ..." : ""}): restore into an empty or new folder.`,
      );
    }
    // The app refuses a folder others can enter (docs/decisions/028); this one is empty, so closing it hides nothing.
    chmodSync(dataDir, 0o700);
    // Unpacked aside, then moved in: a failed unpack leaves the folder as empty as it was. The archive's own modes
    // are not kept (an older archive's files were world-readable): the umask makes every entry owner-only.
    mkdirSync(staging);
    tar(["-xzf", archive, "-C", staging, "--no-same-permissions", "--exclude", MANIFEST, "--exclude", LOCK_FILE]);
    // Once more on what tar actually wrote, whatever its listing said.
    refuseSpecialEntries(archive, specialFiles(staging));
    for (const name of readdirSync(staging)) {
      renameSync(path.join(staging, name), path.join(dataDir, name));
      moved.push(name);
    }
    placed = true;
    console.log(`Restored ${archive} (taken ${manifest.createdAt}) into ${dataDir}.`);
    if (String(manifest.credentialsKey).startsWith("CREDENTIALS_KEY")) {
      console.warn(
        "The backup's secrets were encrypted with a CREDENTIALS_KEY setting: start the app with that same key.",
      );
    }
    if (String(manifest.storage).startsWith("S3"))
      console.warn(`The files were in ${manifest.storage}: restore the bucket too.`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    if (!placed) for (const name of moved) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    unlock();
  }
});
