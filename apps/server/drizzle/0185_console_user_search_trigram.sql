-- The console's user search (docs/product/console.md#consoleusers) matches any part of an address or
-- a name (ILIKE '%…%'), which no btree serves: with thousands of accounts the page and its count each
-- read every user. Trigram indexes answer both (decision 083; pg_trgm exists since 0012).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);
