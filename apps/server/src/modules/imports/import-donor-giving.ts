// The import's batches defer their donors' totals and year rows (deferDonorGiving) and the run
// re-sums the donors of every gift the import recorded once, when it finishes or stops for good
// (docs/decisions/102-streaming-donation-import.md, "Recording speed"). A run killed in between
// leaves the re-sum to the run that resumes it, which re-sums the gifts of every run of the import.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { refreshDonorGivingOf } from '../donors/index.ts';
import { IMPORT_PROVIDER } from './import-reference.ts';

/** Re-sums the totals and year rows of the donors of the gifts the import recorded. */
export async function refreshImportDonors(tx: Tx, importId: number): Promise<void> {
  // Each checked row's gift by its reference (import-<id>-<row>, importReference): an index read
  // per row, whatever the database's collation.
  await refreshDonorGivingOf(
    tx,
    sql`SELECT d.npo_id, d.donor_id, d.created_at FROM donation_import_rows r
      JOIN donations d ON d.provider = ${IMPORT_PROVIDER}::text
        AND d.provider_reference = 'import-' || r.import_id::text || '-' || r.file_row::text
      WHERE r.import_id = ${importId}::bigint AND r.reason IS NULL`,
  );
}

/**
 * Brings the planner's statistics of the tables the import fills up to date: a large import into a
 * young organisation's tables would otherwise be planned as if they were nearly empty (decision 102).
 */
export async function analyzeImportTables(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE donations, donors, donor_giving, report_donor_years, ledger_entries`);
}

/** The donors' statistics alone, after a run's donor phase (decision 102, "Set-based recording"). */
export async function analyzeDonors(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE donors`);
}
