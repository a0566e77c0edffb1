import { type SQL, sql } from 'drizzle-orm';

/**
 * A campaign's totals as one row `(raised, donors, donations)` for the donations matching
 * `condition` (a condition on `donations d`, which must carry the organisation). The rule is the
 * database function `counted_gifts` (the analysis rule) and the donor totals': succeeded and refunded gifts add their
 * base amount plus their refund and dispute ledger rows (negative), so a partial refund lowers
 * `raised` and a full refund brings the gift to 0; donors and donations count the succeeded gifts.
 *
 * The adjustments are a second aggregate joined by donation rather than a lookup per gift: refund
 * rows are few (the partial index `ledger_entries_adjustments_idx`), so the planner either walks
 * the campaign's gifts and probes that index or reads the organisation's few refunds, whichever
 * is cheaper, and the gifts aggregate keeps the plan it had before refunds were counted.
 */
export const campaignTotalsRow = (condition: SQL): SQL => sql`
  SELECT coalesce(sum(d.base_amount_minor), 0) + (
      SELECT coalesce(sum(l.base_amount_minor), 0)
      FROM donations d JOIN ledger_entries l
        ON l.donation_id = d.id AND l.npo_id = d.npo_id AND l.kind IN ('refund', 'dispute')
      WHERE ${condition} AND d.status IN ('succeeded', 'refunded')
    ) AS raised,
    count(DISTINCT d.donor_id) FILTER (WHERE d.status = 'succeeded') AS donors,
    count(*) FILTER (WHERE d.status = 'succeeded') AS donations
  FROM donations d WHERE ${condition} AND d.status IN ('succeeded', 'refunded')`;
