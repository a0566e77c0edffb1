-- The console's live figures read the ledger's days after the daily roll-up across every
-- organisation (docs/decisions/056-console-live-figures-by-brin.md). The ledger is append-only and
-- dated when the money moved, so its rows lie on disk in time order: a BRIN index on created_at
-- finds the last day's few page ranges, and costs the gift path almost nothing to keep (a
-- summary per 128 pages, not an entry per row).
CREATE INDEX IF NOT EXISTS "ledger_entries_created_brin" ON "ledger_entries" USING brin ("created_at");--> statement-breakpoint
-- The console's transactions search by a donor's exact e-mail across organisations (decision 054):
-- donors_npo_email_uq leads with npo_id, so it cannot find an address in every organisation at once.
CREATE INDEX IF NOT EXISTS "donors_email_lower_idx" ON "donors" USING btree (lower("email"));
