-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- counted_gifts: the donations every dashboard figure adds up (the analysis module's rule, kept in
-- one place): succeeded and refunded donations, `gross` their base amount, `amount` that plus their
-- refund and dispute ledger rows, `is_gift` the succeeded ones. A plain SQL function, so the
-- planner inlines it into the query that calls it.

CREATE OR REPLACE FUNCTION public.counted_gifts(p_npo bigint, p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS TABLE(id bigint, donor_id bigint, campaign_id bigint, payment_method text, "interval" text, created_at timestamp with time zone, gross bigint, amount bigint, is_gift boolean)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT d.id, d.donor_id, d.campaign_id, d.payment_method, d.interval, d.created_at,
    d.base_amount_minor, d.base_amount_minor + coalesce(adj.amount, 0)::bigint, d.status = 'succeeded'
  FROM donations d
  LEFT JOIN (
    SELECT l.donation_id, sum(l.base_amount_minor) AS amount
    FROM ledger_entries l
    WHERE l.npo_id = p_npo AND l.kind IN ('refund', 'dispute')
    GROUP BY l.donation_id
  ) adj ON adj.donation_id = d.id
  WHERE d.npo_id = p_npo AND d.status IN ('succeeded', 'refunded')
    AND d.created_at >= p_from AND d.created_at < p_to
$function$
;
