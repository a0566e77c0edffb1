import { type SQL, sql } from 'drizzle-orm';

/**
 * The donations every figure adds up, as one SQL source `g(id, donor_id, campaign_id,
 * payment_method, interval, created_at, gross, amount, is_gift)`: donations of the organisation with
 * status 'succeeded' or 'refunded'; `gross` is the base-currency amount as charged (what the
 * donations list totals add up), `amount` is that plus the donation's refund and dispute ledger rows
 * (negative), so a refund lowers it (a full refund to 0). `is_gift` marks the succeeded ones: those
 * are counted, averaged and drawn as gifts. Sums over `amount` follow the same rule as the donor
 * totals (donor_giving), so a figure here reconciles to the cent with them and with the donations
 * list for the same dates. The rule is the database function counted_gifts (migration
 * 'giving_days_rollups'), which the daily sums (`givingDays`) are built from too; the planner
 * inlines it.
 *
 * `from`/`to` bound `created_at` half-open; either may be omitted.
 */
export function countedGifts(npoId: number, range: { from?: Date; to?: Date } = {}): SQL {
  const from = range.from?.toISOString() ?? '-infinity';
  const to = range.to?.toISOString() ?? 'infinity';
  return sql`counted_gifts(${npoId}, ${from}::timestamptz, ${to}::timestamptz)`;
}

/** Percent with one decimal, or null when there is nothing to divide by. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
