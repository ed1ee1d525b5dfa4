import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` is used: it reads the schema and writes SQL, touching no database.
// The app applies the migrations at start-up (never run drizzle-kit migrate against a live PGlite folder).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
