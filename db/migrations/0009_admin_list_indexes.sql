DROP INDEX "profiles_created_at_idx";--> statement-breakpoint
CREATE INDEX "profiles_created_at_id_idx" ON "profiles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The admin customer search (app/features/users/list-customers.server.ts): a trigram index over one expression
-- holding name, e-mail, company, phone and the phone's digits. pg_trgm ships with PostgreSQL's contrib and with
-- PGlite (loaded by app/lib/db.server.ts); where it cannot be installed (no contrib package, no privilege) the
-- search still works, scanning the table, so this part is optional.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): the admin customer search scans the profiles table', SQLERRM;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE $index$CREATE INDEX IF NOT EXISTS "profiles_search_idx" ON "profiles" USING gin ((
      "full_name" || E'\x01' || "email" || E'\x01' || coalesce("company_name", '') || E'\x01' || coalesce("phone", '')
        || E'\x01' || coalesce(translate("phone", '() -', ''), '')
    ) gin_trgm_ops)$index$;
  END IF;
END $$;
