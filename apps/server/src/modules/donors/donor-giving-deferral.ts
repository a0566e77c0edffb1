// Writers of many back-dated gifts at once (the donations import) defer the donors' totals, their
// giving rows and year rows, which the insert triggers add per statement, to one set-based re-sum
// of the donors they wrote for (docs/decisions/102-streaming-donation-import.md, "Recording speed"):
// a historic gift lands before its donor's last gift, so each batch re-summed last year's giving.
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';

/**
 * For the rest of this transaction, inserted donations and donors leave donor_giving and
 * report_donor_years to refreshDonorGivingOf. Set only by the import's batch transactions.
 */
export async function deferDonorGiving(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT set_config('kindling.defer_donor_giving', 'on', true)`);
}

/**
 * Re-sums, from their gifts, the totals (with last year's giving) of the donors of `gifts` and
 * their year rows for the years of `gifts`: `gifts` is a select of (npo_id, donor_id, created_at).
 */
export async function refreshDonorGivingOf(tx: Tx, gifts: SQL): Promise<void> {
  await tx.execute(sql`
    SELECT refresh_donor_giving(ARRAY(SELECT DISTINCT g.donor_id FROM (${gifts}) g WHERE g.donor_id IS NOT NULL))`);
  await tx.execute(sql`
    SELECT refresh_report_donor_years(array_agg(k.npo_id), array_agg(k.year), array_agg(k.donor_id))
    FROM (SELECT DISTINCT g.npo_id, date_trunc('year', g.created_at AT TIME ZONE n.time_zone)::date AS year, g.donor_id
      FROM (${gifts}) g JOIN npos n ON n.id = g.npo_id WHERE g.donor_id IS NOT NULL) k`);
}

/**
 * What refreshDonorGivingOf re-sums, for keys found once by the caller: the totals of the donors
 * of `donorIds` and the year rows of the (organisation, calendar year, donor) keys, given as three
 * parallel PostgreSQL array literals (`{1,2}`) of distinct keys. Lets a large caller find its
 * gifts once and re-sum disjoint sets of donors on separate connections (decision 102, "The run
 * end in parallel").
 */
export async function refreshDonorGivingKeys(
  tx: Tx,
  keys: { npoIds: string; years: string; donorIds: string },
): Promise<void> {
  await tx.execute(sql`
    SELECT refresh_donor_giving(ARRAY(SELECT DISTINCT u.id FROM unnest(${keys.donorIds}::bigint[]) u(id)))`);
  await tx.execute(sql`
    SELECT refresh_report_donor_years(array_agg(k.npo_id), array_agg(make_date(k.year, 1, 1)), array_agg(k.donor_id))
    FROM unnest(${keys.npoIds}::bigint[], ${keys.years}::int[], ${keys.donorIds}::bigint[]) k(npo_id, year, donor_id)`);
}
