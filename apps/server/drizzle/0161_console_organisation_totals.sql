-- The console's organisations read their money from a maintained roll-up
-- (docs/decisions/073-console-organisation-totals.md): each organisation's sums over every closed
-- day, per base currency, rewritten by the daily roll-up in its transaction; the days after
-- platform_settings.figures_through are added live from the ledger's (npo_id, created_at) index.
CREATE TABLE "console_organisation_totals" (
	"npo_id" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"donations" integer DEFAULT 0 NOT NULL,
	"gross_minor" bigint DEFAULT 0 NOT NULL,
	"refunds_minor" bigint DEFAULT 0 NOT NULL,
	"fees_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "console_organisation_totals_pk" PRIMARY KEY ("npo_id", "currency")
);--> statement-breakpoint
ALTER TABLE "console_organisation_totals" ADD CONSTRAINT "console_organisation_totals_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- An installation that already rolled days up starts with their totals.
INSERT INTO "console_organisation_totals" ("npo_id", "currency", "donations", "gross_minor", "refunds_minor", "fees_minor")
SELECT "npo_id", "currency", sum("donations"), sum("gross_minor"), sum("refunds_minor"), sum("fees_minor")
FROM "console_daily_figures" GROUP BY "npo_id", "currency";--> statement-breakpoint
-- The console's transactions read refunds and disputes newest first, each kind on its own: with the
-- kind leading, a kind with few rows (disputes) ends at once instead of walking every refund.
CREATE INDEX IF NOT EXISTS "ledger_entries_adjustments_kind_created_idx" ON "ledger_entries" USING btree ("kind", "created_at", "id") WHERE "kind" IN ('refund', 'dispute');--> statement-breakpoint
-- The same for one organisation (the organisation filter).
CREATE INDEX IF NOT EXISTS "ledger_entries_npo_adjustments_created_idx" ON "ledger_entries" USING btree ("npo_id", "kind", "created_at", "id") WHERE "kind" IN ('refund', 'dispute');--> statement-breakpoint
DROP INDEX IF EXISTS "ledger_entries_money_created_idx";
