// Writers of many back-dated gifts at once (the donations import) defer the re-sum of the closed days
// their gifts fall in, per statement, to one re-sum of the range at the end
// (docs/decisions/102-streaming-donation-import.md): totals stay exact, computed once.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';

/** For the rest of this transaction, inserted donations leave the closed days' sums to refreshClosedDays. */
export async function deferClosedDays(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT set_config('kindling.defer_closed_days', 'on', true)`);
}

/**
 * The tables the re-sum reads whose planner statistics autovacuum would renew now (rows changed
 * since the last ANALYZE above 50 + 10% of the table, its default rule) but has not yet.
 */
async function staleResumTables(tx: Tx): Promise<string[]> {
  const { rows } = await tx.execute<{ name: string }>(sql`
    SELECT s.relname AS name FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = 'public' AND s.relname IN ('donations', 'ledger_entries')
      AND s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
    ORDER BY 1`);
  return rows.map((r) => r.name);
}

/**
 * Re-sums the closed days first..last (the organisation's days) and the returns from first on.
 * Right after an import wrote its gifts, autovacuum has usually not analysed them yet: planned for
 * a near-empty donations table, the returns re-sum looked each donor's gifts up through the whole
 * organisation's index, once per donor (100,000 gifts: over 300 s). The tables are analysed first
 * when their statistics are stale (a sample of 30,000 rows each, about a second at a million
 * gifts), which also serves the reports read next (decision 102, "Re-summing closed days at the
 * end of a run").
 */
export async function refreshClosedDays(tx: Tx, npoId: number, first: string, last: string): Promise<void> {
  const stale = await staleResumTables(tx);
  if (stale.length > 0) await tx.execute(sql.raw(`ANALYZE ${stale.join(', ')}`));
  await tx.execute(sql`SELECT refresh_closed_giving_range(${npoId}::bigint, ${first}::date, ${last}::date)`);
}
