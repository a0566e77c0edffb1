// Writers of many back-dated gifts at once (the donations import) defer the re-sum of the closed days
// their gifts fall in, per statement, to one re-sum of the range at the end
// (docs/decisions/102-streaming-donation-import.md): totals stay exact, computed once.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';

/** For the rest of this transaction, inserted donations leave the closed days' sums to refreshClosedDays. */
export async function deferClosedDays(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT set_config('kindling.defer_closed_days', 'on', true)`);
}

/** Re-sums the closed days first..last (the organisation's days) and the returns from first on. */
export async function refreshClosedDays(tx: Tx, npoId: number, first: string, last: string): Promise<void> {
  await tx.execute(sql`SELECT refresh_closed_giving_range(${npoId}::bigint, ${first}::date, ${last}::date)`);
}
