// `npm run restore -- <archive.tar.gz>`: brings an empty data folder (DATA_DIR, default ./data) back to the state
// an `npm run backup` archive holds. It refuses while the app runs on the folder (the data-folder lock) and
// refuses a folder that holds anything, so it never mixes two states or overwrites live data.
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { dataDirFromEnv, FORMAT, LOCK_FILE, lockDataFolder, MANIFEST, Refusal, run, tar } from "./data-folder.js";

const STAGING = ".restoring";

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
  if (manifest.format !== FORMAT) throw new Refusal(`${archive} has backup format ${manifest.format}; this version reads format ${FORMAT}.`);
  if (!tar(["-tzf", archive]).split("\n").includes("pglite/PG_VERSION")) throw new Refusal(`${archive} holds no database.`);

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
      throw new Refusal(`${dataDir} is not empty (${present.slice(0, 5).join(", ")}${present.length > 5 ? ", ..." : ""}): restore into an empty or new folder.`);
    }
    // The app refuses a folder others can enter (docs/decisions/028); this one is empty, so closing it hides nothing.
    chmodSync(dataDir, 0o700);
    // Unpacked aside, then moved in: a failed unpack leaves the folder as empty as it was. The archive's own modes
    // are not kept (an older archive's files were world-readable): the umask makes every entry owner-only.
    mkdirSync(staging);
    tar(["-xzf", archive, "-C", staging, "--no-same-permissions", "--exclude", MANIFEST, "--exclude", LOCK_FILE]);
    for (const name of readdirSync(staging)) {
      renameSync(path.join(staging, name), path.join(dataDir, name));
      moved.push(name);
    }
    placed = true;
    console.log(`Restored ${archive} (taken ${manifest.createdAt}) into ${dataDir}.`);
    if (String(manifest.credentialsKey).startsWith("CREDENTIALS_KEY")) {
      console.warn("The backup's secrets were encrypted with a CREDENTIALS_KEY setting: start the app with that same key.");
    }
    if (String(manifest.storage).startsWith("S3")) console.warn(`The files were in ${manifest.storage}: restore the bucket too.`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    if (!placed) for (const name of moved) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    unlock();
  }
});
