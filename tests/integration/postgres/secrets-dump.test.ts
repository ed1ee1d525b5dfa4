// PostgreSQL only (TEST_DATABASE_URL): a `pg_dump` of the database after secrets were saved holds no plain copy.
import { execFile, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseEncryptedValue, parseMasterKey, Secrets } from "~/lib/secrets/secrets.server";
import { SECRET_COLUMNS } from "~/lib/secrets/stored-secrets.server";
import { saveSecrets, type SavedSecrets } from "../secrets-support";
import { testDatabase, type TestDatabase } from "../support";

let database: TestDatabase;
let saved: SavedSecrets;
const key = randomBytes(32).toString("hex");

beforeAll(async () => {
  database = await testDatabase();
  expect(database.url, "this test needs TEST_DATABASE_URL").toBeTruthy();
  saved = await saveSecrets(database.db, Secrets.fromSettings(key));
});

afterAll(async () => {
  await database?.close();
});

it("pg_dump of the database holds no plain copy of a saved secret (while a plain column's value is found)", async () => {
  const { stdout: dump } = await promisify(execFile)("pg_dump", ["--no-owner", "--dbname", database.url!], {
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(dump).toContain("website_credentials");
  expect(dump).toContain(saved.control);
  for (const plaintext of saved.plaintexts) expect(dump, plaintext).not.toContain(plaintext);
  expect(dump).toMatch(/v1:[0-9a-f]{16}:/);
});

it("`npm run secrets:rotate` re-encrypts every value on the PostgreSQL server under the new key", async () => {
  const next = randomBytes(32).toString("base64");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "secrets-rotate-pg-"));
  try {
    const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/secrets-rotate.ts"], {
      encoding: "utf8",
      timeout: 60_000,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        AUTH_SECRET: "integration-test-secret-0123456789abcdef",
        CREDENTIALS_KEY: next,
        CREDENTIALS_PREVIOUS_KEYS: key,
      },
    });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const nextId = parseMasterKey(next).id;
    expect(result.stdout).toContain(
      `Re-encrypted 4 stored secret(s); every stored secret is now under key id ${nextId}.`,
    );
    const clear: string[] = [];
    for (const { table, column } of SECRET_COLUMNS) {
      for (const row of await database.db.select({ stored: column }).from(table)) {
        if (row.stored === null) continue;
        expect(parseEncryptedValue(row.stored as string).keyId).toBe(nextId);
        clear.push(Secrets.fromSettings(next).decrypt(row.stored as string));
      }
    }
    expect(clear.sort()).toEqual([...saved.plaintexts].sort());
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
