-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Donor giving totals, kept by the database itself (see donor-giving.tables.ts). Recomputes the
-- donors' whole rows from the source rows instead of adding deltas, so it is exact by construction;
-- it first locks the donors' rows, so concurrent writers for one donor recompute one after the
-- other and each sees the other's committed gifts (READ COMMITTED takes a new snapshot per
-- statement). Counts recurring gifts too (account_details' recurring donors).

CREATE OR REPLACE FUNCTION public.refresh_donor_giving(p_ids bigint[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM donors WHERE id = ANY (p_ids) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO donor_giving AS g (donor_id, npo_id, gift_count, recurring_gift_count, lifetime_base_minor,
    first_gift_at, last_gift_at)
  SELECT dn.id, dn.npo_id, coalesce(s.n, 0), coalesce(s.recurring, 0), coalesce(s.total, 0) + coalesce(r.total, 0),
    s.first_at, s.last_at
  FROM donors dn
  LEFT JOIN (
    SELECT donor_id, count(*) FILTER (WHERE status = 'succeeded') AS n,
      count(*) FILTER (WHERE status = 'succeeded' AND interval <> 'once') AS recurring,
      sum(base_amount_minor) AS total,
      min(created_at) FILTER (WHERE status = 'succeeded') AS first_at,
      max(created_at) FILTER (WHERE status = 'succeeded') AS last_at
    FROM donations WHERE donor_id = ANY (p_ids) AND status IN ('succeeded', 'refunded') GROUP BY donor_id
  ) s ON s.donor_id = dn.id
  LEFT JOIN (
    SELECT d.donor_id, sum(l.base_amount_minor) AS total
    FROM ledger_entries l JOIN donations d ON d.id = l.donation_id
    WHERE d.donor_id = ANY (p_ids) AND l.kind IN ('refund', 'dispute') GROUP BY d.donor_id
  ) r ON r.donor_id = dn.id
  WHERE dn.id = ANY (p_ids)
  ON CONFLICT (donor_id) DO UPDATE SET
    npo_id = EXCLUDED.npo_id,
    gift_count = EXCLUDED.gift_count,
    recurring_gift_count = EXCLUDED.recurring_gift_count,
    lifetime_base_minor = EXCLUDED.lifetime_base_minor,
    first_gift_at = EXCLUDED.first_gift_at,
    last_gift_at = EXCLUDED.last_gift_at;
  PERFORM refresh_last_year_giving(p_ids);
END $function$
;
