import { type SQL, sql } from 'drizzle-orm';

/**
 * The donations every figure adds up, as one SQL source `g(id, donor_id, campaign_id,
 * payment_method, interval, created_at, gross, amount, is_gift)`: donations of the organisation with
 * status 'succeeded' or 'refunded'; `gross` is the base-currency amount as charged (what the
 * donations list totals add up), `amount` is that plus the donation's refund
 * and dispute ledger rows (negative), so a refund lowers it (a full refund to 0). `is_gift` marks
 * the succeeded ones: those are counted, averaged and drawn as gifts. Sums over `amount` follow the
 * same rule as the donor totals (donor_giving) and the statistics of account_details, so a figure
 * here reconciles to the cent with them and with the donations list for the same dates.
 *
 * `from`/`to` bound `created_at` half-open; either may be omitted.
 */
export function countedGifts(npoId: number, range: { from?: Date; to?: Date } = {}): SQL {
  const from = range.from ? sql`AND d.created_at >= ${range.from.toISOString()}::timestamptz` : sql``;
  const to = range.to ? sql`AND d.created_at < ${range.to.toISOString()}::timestamptz` : sql``;
  return sql`(
    SELECT d.id, d.donor_id, d.campaign_id, d.payment_method, d.interval, d.created_at,
      d.base_amount_minor AS gross, d.base_amount_minor + coalesce(adj.amount, 0) AS amount,
      d.status = 'succeeded' AS is_gift
    FROM donations d
    LEFT JOIN (
      SELECT l.donation_id, sum(l.base_amount_minor) AS amount
      FROM ledger_entries l
      WHERE l.npo_id = ${npoId} AND l.kind IN ('refund', 'dispute')
      GROUP BY l.donation_id
    ) adj ON adj.donation_id = d.id
    WHERE d.npo_id = ${npoId} AND d.status IN ('succeeded', 'refunded') ${from} ${to}
  )`;
}

/** Percent with one decimal, or null when there is nothing to divide by. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
