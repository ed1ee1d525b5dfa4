import pg from "pg";

/**
 * Runs once per `vitest run --project integration`: says which database this pass uses, so a CI log
 * shows both the PGlite and the PostgreSQL pass, and fails fast when TEST_DATABASE_URL is unreachable.
 */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log("integration database: PGlite (embedded, memory://, one per test file)");
    return;
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
