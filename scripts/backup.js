// `npm run backup -- <archive.tar.gz>`: one archive of the embedded database and the stored files, with the
// generated secrets, taken from DATA_DIR (default ./data) while the app is stopped.
//
// Consistency: the command takes the app's data-folder lock, so it refuses while the app runs and the app cannot
// start while it copies. The database folder is then at rest and is archived as it is (PGlite's own files, the
// same bytes the app would open), together with storage/ (payment proofs, photos), auth-secret, credentials-key
// and the outbox. Stop the app, back up, start it again: a few seconds for a small agency's data.
// See the README's "Backup and restore" and docs/decisions/023.
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { dataDirFromEnv, FORMAT, LOCK_FILE, lockDataFolder, MANIFEST, Refusal, run, tar } from "./data-folder.js";

await run("backup", async () => {
  const target = process.argv[2];
  if (!target) throw new Refusal("name the archive to write: npm run backup -- backups/agency-2026-01-31.tar.gz");
  const archive = path.resolve(target);
  if (existsSync(archive)) throw new Refusal(`${archive} already exists; name a new file.`);
  if (!existsSync(path.dirname(archive))) throw new Refusal(`the folder ${path.dirname(archive)} does not exist.`);
  const dataDir = dataDirFromEnv();
  if (!existsSync(path.join(dataDir, "pglite", "PG_VERSION"))) {
    throw new Refusal(`there is no embedded database in ${dataDir} (set DATA_DIR to the app's data folder).`);
  }

  const unlock = await lockDataFolder(dataDir);
  const scratch = mkdtempSync(path.join(os.tmpdir(), "agency-backup-"));
  const partial = `${archive}.partial`;
  try {
    const entries = readdirSync(dataDir)
      .filter((name) => name !== LOCK_FILE && name !== MANIFEST)
      .sort();
    const keyInFolder = entries.includes("credentials-key");
    const manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      dataDir,
      entries,
      // What decrypts the stored secrets after a restore: the generated key travels in the archive; a key given as
      // CREDENTIALS_KEY does not, and must be kept (and given again) separately.
      credentialsKey: process.env.CREDENTIALS_KEY
        ? "CREDENTIALS_KEY setting (not in this archive)"
        : keyInFolder
          ? "credentials-key (in this archive)"
          : "none",
      storage: process.env.STORAGE_S3_BUCKET
        ? `S3 bucket ${process.env.STORAGE_S3_BUCKET} (not in this archive)`
        : "storage/ (in this archive)",
    };
    writeFileSync(path.join(scratch, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    tar(["-czf", partial, "-C", scratch, MANIFEST, "-C", dataDir, ...entries]);
    // A finished archive only: a crash or a full disk leaves a .partial file, never a truncated archive.
    const listed = tar(["-tzf", partial]).split("\n");
    if (!listed.includes("pglite/PG_VERSION"))
      throw new Error("the archive does not hold the database; nothing was written");
    renameSync(partial, archive);

    console.log(`Backed up ${dataDir} to ${archive} (${entries.join(", ")}).`);
    if (process.env.CREDENTIALS_KEY) {
      console.warn(
        "CREDENTIALS_KEY is set: the key is not in the archive. Keep it with the archive: restored secrets need it.",
      );
    }
    if (process.env.AUTH_SECRET)
      console.warn("AUTH_SECRET is set: it is not in the archive (without it sessions end; nothing else is lost).");
    if (process.env.STORAGE_S3_BUCKET)
      console.warn(`Files are in the S3 bucket ${process.env.STORAGE_S3_BUCKET}: copy the bucket too.`);
  } finally {
    rmSync(partial, { force: true });
    rmSync(scratch, { recursive: true, force: true });
    unlock();
  }
});
