// PostgreSQL only (TEST_DATABASE_URL): a `pg_dump` of the database after secrets were saved holds no plain copy.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Secrets } from "~/lib/secrets.server";
import { saveSecrets, type SavedSecrets } from "../secrets-support";
import { testDatabase, type TestDatabase } from "../support";

let database: TestDatabase;
let saved: SavedSecrets;

beforeAll(async () => {
  database = await testDatabase();
  expect(database.url, "this test needs TEST_DATABASE_URL").toBeTruthy();
  saved = await saveSecrets(database.db, Secrets.fromSettings(randomBytes(32).toString("hex")));
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
