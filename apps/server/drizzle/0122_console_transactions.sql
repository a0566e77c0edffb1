-- The console's platform-wide transactions (docs/decisions/054-console-transactions-and-roll-up.md):
-- every organisation's gifts, refunds and disputes newest first, read a page at a time from these
-- time indexes whatever the platform's size.
CREATE INDEX IF NOT EXISTS "donations_created_idx" ON "donations" USING btree ("created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_entries_money_created_idx" ON "ledger_entries" USING btree ("created_at", "id") WHERE "kind" IN ('refund', 'dispute');
