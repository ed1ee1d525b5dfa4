import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { writePgliteTemplate } from "~/lib/db/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite database (a gzipped data folder) each test file's throwaway database starts from. */
    pgliteTemplate?: string;
  }
}

/**
 * Runs once per `vitest run --project integration`: says which database this pass uses, so a CI log
 * shows both the PGlite and the PostgreSQL pass, and fails fast when TEST_DATABASE_URL is unreachable.
 * On PGlite it migrates one database and hands its data folder to every file: a file's own then starts
 * from it instead of running PGlite's initdb and every migration again (seconds a file on two cores).
 */
export default async function setup(project: TestProject): Promise<(() => void) | void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const folder = mkdtempSync(path.join(os.tmpdir(), "agency-it-template-"));
    const template = path.join(folder, "pglite-template.tar.gz");
    await writePgliteTemplate(template);
    project.provide("pgliteTemplate", template);
    console.log("integration database: PGlite (embedded, memory://, one per test file, from a migrated template)");
    return () => rmSync(folder, { recursive: true, force: true });
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>("show server_version");
    const target = new URL(url);
    console.log(
      `integration database: PostgreSQL ${rows[0]?.server_version ?? "?"} at ${target.hostname}:${target.port || 5432} (a throwaway database per test file)`,
    );
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL cannot be reached: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}
