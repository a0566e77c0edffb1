-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Re-sums last_gift_year_minor of the given donors: their succeeded and refunded gifts (net of refund
-- and dispute rows, the counted-gifts rule) in the giving year of their last gift, by their
-- organisation's fiscal year start and time zone.
-- A generic plan: re-planning the UPDATE for every gift (custom plans, the default for its array
-- parameter) cost more than running it.

CREATE OR REPLACE FUNCTION public.refresh_last_year_giving(p_ids bigint[])
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
    RETURN;
  END IF;
  UPDATE donor_giving g SET last_gift_year_minor = coalesce(y.amount, 0)
  FROM donor_giving g2
  JOIN npos n ON n.id = g2.npo_id
  LEFT JOIN LATERAL (
    SELECT sum(d.base_amount_minor + coalesce((
      SELECT sum(l.base_amount_minor) FROM ledger_entries l
      WHERE l.npo_id = d.npo_id AND l.donation_id = d.id AND l.kind IN ('refund', 'dispute')), 0)) AS amount
    FROM donations d
    WHERE d.donor_id = g2.donor_id AND d.status IN ('succeeded', 'refunded')
      AND d.created_at >= giving_year_start(g2.last_gift_at, n.fiscal_year_start_month, n.time_zone)
      AND d.created_at < (giving_year_start(g2.last_gift_at, n.fiscal_year_start_month, n.time_zone) AT TIME ZONE n.time_zone
        + interval '1 year') AT TIME ZONE n.time_zone
  ) y ON g2.last_gift_at IS NOT NULL
  WHERE g2.donor_id = ANY (p_ids) AND g.donor_id = g2.donor_id
    AND g.last_gift_year_minor IS DISTINCT FROM coalesce(y.amount, 0);
END $function$
;
