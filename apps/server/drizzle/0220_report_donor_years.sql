CREATE TABLE "report_donor_years" (
	"npo_id" bigint NOT NULL,
	"year" date NOT NULL,
	"donor_id" bigint NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_donor_years_key_uq" UNIQUE("npo_id","year","donor_id")
);
--> statement-breakpoint
ALTER TABLE "report_donor_years" ADD CONSTRAINT "report_donor_years_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Every gift already given is summed once here (decision 103); later writes keep the rows exact
-- through the triggers of modules/reports/sql. The rule is theirs (refresh_report_donor_years), written out
-- because a migration cannot rely on a repeatable definition.
INSERT INTO "report_donor_years" ("npo_id", "year", "donor_id", "gifts", "gross", "last_at")
SELECT d.npo_id, date_trunc('year', d.created_at AT TIME ZONE n.time_zone)::date, d.donor_id,
	count(*)::int, sum(d.base_amount_minor)::bigint, max(d.created_at)
FROM donations d
JOIN npos n ON n.id = d.npo_id
WHERE d.status IN ('succeeded', 'refunded')
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The tax report's lists (docs/product/reports.md#tax): Gift Aid declared gifts and US written
-- acknowledgements are read by period through their own partial indexes, the totals from the index alone.
CREATE INDEX "donations_gift_aid_period_idx" ON "donations" ("npo_id", "created_at") INCLUDE ("status", "amount_minor") WHERE gift_aid AND currency = 'GBP';
--> statement-breakpoint
CREATE INDEX "donations_us_ack_period_idx" ON "donations" ("npo_id", "created_at") INCLUDE ("status", "amount_minor") WHERE currency = 'USD' AND amount_minor >= 25000;
