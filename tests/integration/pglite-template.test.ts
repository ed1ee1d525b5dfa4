import { sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations, openDatabase, writePgliteTemplate } from "~/lib/db/db.server";

const folder = mkdtempSync(path.join(tmpdir(), "pglite-template-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const tables = sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`;

describe("the embedded database template", () => {
  it("starts a new data folder already migrated, and later starts reuse the folder", { timeout: 120_000 }, async () => {
    const template = path.join(folder, "template.tar.gz");
    await writePgliteTemplate(template);

    const dataDir = path.join(folder, "data");
    const first = await openDatabase({ pgliteDir: dataDir, pgliteTemplate: template });
    const migrated = (await first.db.execute<{ n: number }>(tables)).rows[0]?.n;
    expect(migrated).toBeGreaterThanOrEqual(15);
    await applyMigrations(first); // nothing left to apply, and no error
    await first.db.execute(sql`create table kept (id int)`);
    await first.close();

    // The folder exists now: it is opened as it is, not replaced by the template.
    const again = await openDatabase({ pgliteDir: dataDir, pgliteTemplate: template });
    const kept = await again.db.execute(sql`select count(*)::int as n from kept`);
    expect(kept.rows).toEqual([{ n: 0 }]);
    await again.close();
  });

  it("starts a new data folder without a template too", { timeout: 120_000 }, async () => {
    const database = await openDatabase({
      pgliteDir: path.join(folder, "plain"),
      pgliteTemplate: path.join(folder, "missing.tar.gz"),
    });
    expect((await database.db.execute<{ n: number }>(tables)).rows[0]?.n).toBe(0);
    await applyMigrations(database);
    expect((await database.db.execute<{ n: number }>(tables)).rows[0]?.n).toBeGreaterThanOrEqual(15);
    await database.close();
  });
});
