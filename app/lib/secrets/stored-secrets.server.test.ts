import { getTableColumns, getTableName } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "~db/schema";
import { SECRET_COLUMNS } from "./stored-secrets.server";

describe("SECRET_COLUMNS", () => {
  it("lists every secret column of the schema (so start-up encryption and rotation cover it)", () => {
    const looksSecret = /(password|pin|details|secret|token)$/;
    // Better Auth's own tables: it hashes passwords and encrypts the two-factor secret and backup codes itself
    // (with AUTH_SECRET), so they are not ours to encrypt or rotate.
    const authTables = new Set(["user", "session", "account", "verification", "rateLimit", "rate_limit", "two_factor"]);
    const found: string[] = [];
    for (const table of Object.values(schema)) {
      if (!(table instanceof PgTable) || authTables.has(getTableName(table))) continue;
      for (const column of Object.values(getTableColumns(table))) {
        if (looksSecret.test(column.name)) found.push(`${getTableName(table)}.${column.name}`);
      }
    }
    expect(SECRET_COLUMNS.map(({ name }) => name).sort()).toEqual(found.sort());
    expect(found.sort()).toEqual([
      "google_business_info.gmail_password",
      "website_credentials.details",
      "website_credentials.password",
      "website_credentials.pin",
    ]);
    for (const { name, table, column } of SECRET_COLUMNS) expect(`${getTableName(table)}.${column.name}`).toBe(name);
  });
});
