-- The donors report's retention and the campaigns report read a calendar year's per-donor rows
-- (docs/product/reports.md#speed, decision 103): with the sums and campaigns in this index, a year's
-- rows are read from the index alone in donor order, so two years merge without a sort or hash
-- and no table page is read (the table also holds every other year).
CREATE INDEX "report_donor_years_sums_idx" ON "report_donor_years" ("npo_id", "year", "donor_id") INCLUDE ("gifts", "gross", "last_at", "campaigns");
