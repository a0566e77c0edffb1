-- What a running donations import is doing, for its page (docs/product/imports.md, "Check, then
-- confirm"): before its first gift a large file's donors are found or created, and after its last
-- the donors' totals and the day sums are added up, each for tens of seconds at a million rows,
-- while the count of recorded rows stands still.
ALTER TABLE "donation_imports" ADD COLUMN "run_stage" text;--> statement-breakpoint
ALTER TABLE "donation_imports" ADD COLUMN "stage_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_imports" ADD COLUMN "stage_total" integer DEFAULT 0 NOT NULL;
