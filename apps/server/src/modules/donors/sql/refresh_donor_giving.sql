-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Donor giving totals, kept by the database itself (see donor-giving.tables.ts). Recomputes the
-- donors' whole rows from the source rows instead of adding deltas, so it is exact by construction;
-- it first locks the donors' rows, so concurrent writers for one donor recompute one after the
-- other and each sees the other's committed gifts (READ COMMITTED takes a new snapshot per
-- statement). Counts recurring gifts too (account_details' recurring donors).
-- Last year's giving (what refresh_last_year_giving sums: succeeded and refunded gifts, net of their
-- refund and dispute rows, in the giving year of the last gift) is summed in the same statement from
-- the same scan of the gifts, so each row is written once: writing it, then updating it through its
-- six indexes, was half the time of an import's run end (docs/decisions/102-streaming-donation-import.md,
-- "One write per donor").

CREATE OR REPLACE FUNCTION public.refresh_donor_giving(p_ids bigint[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM donors WHERE id = ANY (p_ids) ORDER BY id FOR NO KEY UPDATE;
  WITH adjustments AS (
    SELECT l.donation_id, d.donor_id, sum(l.base_amount_minor) AS total
    FROM ledger_entries l JOIN donations d ON d.id = l.donation_id
    WHERE d.donor_id = ANY (p_ids) AND l.kind IN ('refund', 'dispute') GROUP BY l.donation_id, d.donor_id
  ), gifts AS (
    SELECT d.donor_id, d.status, d.interval, d.created_at, d.base_amount_minor, coalesce(a.total, 0) AS adjusted,
      giving_year_start(max(d.created_at) FILTER (WHERE d.status = 'succeeded') OVER (PARTITION BY d.donor_id),
        n.fiscal_year_start_month, n.time_zone) AS year_start, n.time_zone
    FROM donations d JOIN npos n ON n.id = d.npo_id LEFT JOIN adjustments a ON a.donation_id = d.id
    WHERE d.donor_id = ANY (p_ids) AND d.status IN ('succeeded', 'refunded')
  ), s AS (
    SELECT donor_id, count(*) FILTER (WHERE status = 'succeeded') AS n,
      count(*) FILTER (WHERE status = 'succeeded' AND interval <> 'once') AS recurring,
      sum(base_amount_minor) AS total,
      min(created_at) FILTER (WHERE status = 'succeeded') AS first_at,
      max(created_at) FILTER (WHERE status = 'succeeded') AS last_at,
      sum(base_amount_minor + adjusted) FILTER (WHERE created_at >= year_start
        AND created_at < (year_start AT TIME ZONE time_zone + interval '1 year') AT TIME ZONE time_zone) AS year_total
    FROM gifts GROUP BY donor_id
  ), r AS (
    -- Refund and dispute rows of every gift of the donor, whatever its status (the lifetime rule).
    SELECT donor_id, sum(total) AS total FROM adjustments GROUP BY donor_id
  )
  INSERT INTO donor_giving AS g (donor_id, npo_id, gift_count, recurring_gift_count, lifetime_base_minor,
    first_gift_at, last_gift_at, last_gift_year_minor)
  SELECT dn.id, dn.npo_id, coalesce(s.n, 0), coalesce(s.recurring, 0), coalesce(s.total, 0) + coalesce(r.total, 0),
    s.first_at, s.last_at, coalesce(s.year_total, 0)
  FROM donors dn LEFT JOIN s ON s.donor_id = dn.id LEFT JOIN r ON r.donor_id = dn.id
  WHERE dn.id = ANY (p_ids)
  ON CONFLICT (donor_id) DO UPDATE SET
    npo_id = EXCLUDED.npo_id,
    gift_count = EXCLUDED.gift_count,
    recurring_gift_count = EXCLUDED.recurring_gift_count,
    lifetime_base_minor = EXCLUDED.lifetime_base_minor,
    first_gift_at = EXCLUDED.first_gift_at,
    last_gift_at = EXCLUDED.last_gift_at,
    last_gift_year_minor = EXCLUDED.last_gift_year_minor;
END $function$
;
