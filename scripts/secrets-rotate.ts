// `npm run secrets:rotate`: re-encrypts every stored secret under the current CREDENTIALS_KEY and prints how
// many values it changed. Values under a key listed in CREDENTIALS_PREVIOUS_KEYS get their data key re-wrapped;
// plain values are encrypted. Uses the same settings as the app (DATABASE_URL, or the embedded database in
// DATA_DIR, whose folder it locks: it refuses to run while the app holds it). See docs/decisions/011.
import { existsSync } from "node:fs";
import path from "node:path";
import { lockDataFolder } from "~/lib/db/data-lock.server";
import { openDatabase } from "~/lib/db/db.server";
import { parseEnv, replaceGeneratedCredentialsKey } from "~/lib/config/env.server";
import { keepNewFilesPrivate } from "~/lib/config/private-files.server";
import { Secrets } from "~/lib/secrets/secrets.server";
import { rotateStoredSecrets } from "~/lib/secrets/stored-secrets.server";

async function main(): Promise<void> {
  // It opens the embedded database, which writes files of its own into the data folder.
  keepNewFilesPrivate();
  const env = parseEnv();
  const pgliteDir = path.join(env.DATA_DIR, "pglite");
  if (!env.DATABASE_URL && !existsSync(path.join(pgliteDir, "PG_VERSION"))) {
    throw new Error(`There is no embedded database in ${env.DATA_DIR} (set DATA_DIR or DATABASE_URL to the app's).`);
  }
  const unlock = env.DATABASE_URL ? () => {} : lockDataFolder(env.DATA_DIR);
  try {
    const secrets = Secrets.fromSettings(env.CREDENTIALS_KEY, env.CREDENTIALS_PREVIOUS_KEYS);
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir });
    try {
      const { changed, keyId } = await rotateStoredSecrets(database, secrets, console.warn);
      console.log(`Re-encrypted ${changed} stored secret(s); every stored secret is now under key id ${keyId}.`);
    } finally {
      await database.close();
    }
    // Only once every secret is under the new key (and the database closed): the folder's generated key file then
    // holds it, and the retired key is kept nowhere by the app. The embedded mode only: with DATABASE_URL the key is
    // a setting kept in the operator's secret store, never written here.
    const replaced = env.DATABASE_URL ? undefined : replaceGeneratedCredentialsKey(env.DATA_DIR, env.CREDENTIALS_KEY);
    if (replaced) {
      console.log(
        `${replaced} now holds the new key; the retired key is no longer in the data folder (older backups still hold ` +
          "it, with the secrets it encrypted). Remove it from CREDENTIALS_PREVIOUS_KEYS; CREDENTIALS_KEY may stay set or be unset.",
      );
    }
  } finally {
    unlock();
  }
}

try {
  await main();
} catch (error) {
  console.error(`Cannot rotate the secrets: ${(error as Error).message}`);
  process.exitCode = 1;
}
