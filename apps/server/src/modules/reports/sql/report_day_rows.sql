-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- The report_days rows of [p_from, p_to) (decision 085): the income report's gifts (the analysis
-- rule: succeeded and refunded donations, by the day given in the organisation's time zone) summed
-- per day, campaign, designation, method and currency, with their fee, refund, dispute and platform
-- fee ledger rows. The rollup stores these for closed days; the report sums open days live through
-- this same function, so stored and live figures follow one rule.

CREATE OR REPLACE FUNCTION public.report_day_rows(p_npo bigint, p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS TABLE(day date, campaign_id bigint, designation text, method text, currency text, gifts integer, gross bigint, fee_covered bigint, refunds bigint, disputes bigint, platform_fees bigint)
 LANGUAGE sql
 STABLE
AS $function$
  WITH z AS (SELECT n.time_zone AS tz FROM npos n WHERE n.id = p_npo),
  g AS MATERIALIZED (
    SELECT d.id, (d.created_at AT TIME ZONE z.tz)::date AS day, d.campaign_id,
      coalesce(d.designation_name, '') AS designation, coalesce(nullif(d.payment_method, ''), 'other') AS method,
      d.currency, d.base_amount_minor AS gross
    FROM donations d, z
    WHERE d.npo_id = p_npo AND d.status IN ('succeeded', 'refunded')
      AND d.created_at >= p_from AND d.created_at < p_to
  ),
  l AS (
    SELECT l.donation_id,
      sum(l.base_amount_minor) FILTER (WHERE l.kind = 'fee_covered') AS fee_covered,
      -sum(l.base_amount_minor) FILTER (WHERE l.kind = 'refund') AS refunds,
      -sum(l.base_amount_minor) FILTER (WHERE l.kind = 'dispute') AS disputes,
      -sum(l.base_amount_minor) FILTER (WHERE l.kind = 'platform_fee') AS platform_fees
    FROM ledger_entries l
    WHERE l.npo_id = p_npo AND l.created_at >= p_from
      AND l.kind IN ('fee_covered', 'refund', 'dispute', 'platform_fee')
      AND l.donation_id IN (SELECT g.id FROM g)
    GROUP BY l.donation_id
  )
  SELECT g.day, g.campaign_id, g.designation, g.method, g.currency, count(*)::int,
    sum(g.gross)::bigint, coalesce(sum(l.fee_covered), 0)::bigint, coalesce(sum(l.refunds), 0)::bigint,
    coalesce(sum(l.disputes), 0)::bigint, coalesce(sum(l.platform_fees), 0)::bigint
  FROM g LEFT JOIN l ON l.donation_id = g.id
  GROUP BY g.day, g.campaign_id, g.designation, g.method, g.currency
$function$
;
