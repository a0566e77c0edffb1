// The import's gifts are back-dated into days the analysis and the income report have closed: its
// batches defer the per-statement re-sum of those days (deferClosedDays) and the run re-sums the
// file's whole span once, when it finishes or stops for good (docs/decisions/102-streaming-donation-import.md).
// A run killed in between leaves the re-sum to the run that resumes it, over the same span.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { refreshClosedDays } from '../analysis/index.ts';
import { donationImportRows } from './imports.tables.ts';

/** Re-sums the closed days between the file's first and last gift date (the organisation's days). */
export async function refreshImportDays(tx: Tx, npoId: number, importId: number): Promise<void> {
  const [span] = await tx
    .select({
      first: sql<string | null>`min(${donationImportRows.date})`,
      last: sql<string | null>`max(${donationImportRows.date})`,
    })
    .from(donationImportRows)
    // Only rows shaped as a date: a damaged staged row (the run stopped at it) must not stop the re-sum.
    .where(
      and(
        eq(donationImportRows.importId, importId),
        isNull(donationImportRows.reason),
        // [0-9], not \d: a template literal would read '\d' as a plain 'd' and match no date at all.
        sql`${donationImportRows.date} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`,
      ),
    );
  if (!span?.first || !span.last) return;
  await refreshClosedDays(tx, npoId, span.first, span.last);
}
