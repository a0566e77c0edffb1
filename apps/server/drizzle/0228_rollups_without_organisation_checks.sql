-- Rollups written in bulk without a per-row check of their organisation (docs/decisions/108-rollups-
-- without-organisation-keys.md). giving_days, report_donor_years and donor_giving are sums of the
-- donations (whose npo_id keeps its foreign key) written only by the database's own functions; no
-- organisation is ever deleted. Their npo_id foreign keys were checked once per written row: at the end
-- of a 100,000-row import, 230,000 checks, about as long as writing the rows themselves.
ALTER TABLE "giving_days" DROP CONSTRAINT "giving_days_npo_id_npos_id_fk";--> statement-breakpoint
ALTER TABLE "report_donor_years" DROP CONSTRAINT "report_donor_years_npo_id_npos_id_fk";--> statement-breakpoint
ALTER TABLE "donor_giving" DROP CONSTRAINT "donor_giving_npo_id_npos_id_fk";--> statement-breakpoint
-- report_donor_years had two indexes on the same key: the unique one (the triggers' ON CONFLICT) and
-- the covering one of migration 0224 (a year's rows read from the index alone). One unique index
-- with the covered columns does both, and every gift writes one index entry there instead of two.
ALTER TABLE "report_donor_years" DROP CONSTRAINT "report_donor_years_key_uq";--> statement-breakpoint
DROP INDEX "report_donor_years_sums_idx";--> statement-breakpoint
ALTER TABLE "report_donor_years" ADD CONSTRAINT "report_donor_years_key_uq" UNIQUE ("npo_id", "year", "donor_id")
  INCLUDE ("gifts", "gross", "last_at", "campaigns");
