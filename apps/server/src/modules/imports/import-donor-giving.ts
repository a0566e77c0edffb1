// The import's batches defer their donors' totals and year rows (deferDonorGiving); the run re-sums
// the donors of every gift the import recorded once, when it finishes or stops for good
// (import-run-end.ts; docs/decisions/102-streaming-donation-import.md, "Recording speed").
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/**
 * Brings the planner's statistics of the tables the import fills up to date: a large import into a
 * young organisation's tables would otherwise be planned as if they were nearly empty (decision 102).
 */
export async function analyzeImportTables(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE donations, donors, donor_giving, report_donor_years, ledger_entries`);
}
