-- The staged rows of a donations import (docs/decisions/102-streaming-donation-import.md, "Staging
-- without per-row checks"): the check writes them 2,000 at a time, and their two foreign keys,
-- checked for every row, were 60% of staging a batch. They are written and deleted only with their
-- import (stageRows updates the import's row first; deleteImport deletes the import, then its rows),
-- and the import belongs to the organisation, so neither key guards anything the import does not.
ALTER TABLE "donation_import_rows" DROP CONSTRAINT "donation_import_rows_import_id_fkey";--> statement-breakpoint
ALTER TABLE "donation_import_rows" DROP CONSTRAINT "donation_import_rows_npo_id_fkey";
