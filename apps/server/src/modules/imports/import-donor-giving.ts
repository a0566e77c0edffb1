// The import's batches defer their donors' totals and year rows (deferDonorGiving); the run re-sums
// the donors of every gift the import recorded once, when it finishes or stops for good
// (import-run-end.ts; docs/decisions/102-streaming-donation-import.md, "Recording speed").
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/** The donors' statistics alone, after a run's donor phase (decision 102, "Set-based recording"). */
export async function analyzeDonors(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE donors`);
}
