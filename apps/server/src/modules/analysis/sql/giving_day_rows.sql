-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- The giving_days rows of the days in [p_from, p_to): every kind, from the donations themselves. A
-- day is the organisation's, cut in its time zone (npos.time_zone, decision 027).
-- The rollup stores them for closed days; reads compute them for the days not closed yet.

CREATE OR REPLACE FUNCTION public.giving_day_rows(p_npo bigint, p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS TABLE(day date, kind text, recurring boolean, campaign_id bigint, method text, amount bigint, status text, currency text, donations integer, gifts integer, gross bigint, net bigint, gift_net bigint, amount_minor bigint)
 LANGUAGE sql
 STABLE
AS $function$
  WITH z AS (SELECT n.time_zone AS tz FROM npos n WHERE n.id = p_npo),
  g AS MATERIALIZED (
    SELECT (c.created_at AT TIME ZONE z.tz)::date AS day, c.interval <> 'once' AS recurring, c.campaign_id,
      coalesce(nullif(c.payment_method, ''), 'other') AS method, c.gross, c.amount, c.is_gift
    FROM counted_gifts(p_npo, p_from, p_to) c, z
  )
  SELECT g.day, 'total', g.recurring, NULL::bigint, '', 0::bigint, '', '', count(*)::int,
    (count(*) FILTER (WHERE g.is_gift))::int, sum(g.gross)::bigint, sum(g.amount)::bigint,
    coalesce(sum(g.amount) FILTER (WHERE g.is_gift), 0)::bigint, 0::bigint
  FROM g GROUP BY g.day, g.recurring
  UNION ALL
  SELECT g.day, 'campaign', false, g.campaign_id, '', 0, '', '', count(*)::int,
    (count(*) FILTER (WHERE g.is_gift))::int, sum(g.gross)::bigint, sum(g.amount)::bigint,
    coalesce(sum(g.amount) FILTER (WHERE g.is_gift), 0)::bigint, 0
  FROM g GROUP BY g.day, g.campaign_id
  UNION ALL
  SELECT g.day, 'method', false, NULL, g.method, 0, '', '', count(*)::int,
    (count(*) FILTER (WHERE g.is_gift))::int, sum(g.gross)::bigint, sum(g.amount)::bigint,
    coalesce(sum(g.amount) FILTER (WHERE g.is_gift), 0)::bigint, 0
  FROM g GROUP BY g.day, g.method
  UNION ALL
  SELECT g.day, 'amount', false, NULL, '', g.amount, '', '', count(*)::int, count(*)::int,
    sum(g.gross)::bigint, sum(g.amount)::bigint, sum(g.amount)::bigint, 0
  FROM g WHERE g.is_gift GROUP BY g.day, g.amount
  UNION ALL
  SELECT (d.created_at AT TIME ZONE z.tz)::date, 'list', false, NULL, '', 0, d.status, d.currency, count(*)::int, 0,
    sum(d.base_amount_minor)::bigint, 0, 0, sum(d.amount_minor)::bigint
  FROM donations d, z
  WHERE d.npo_id = p_npo AND d.created_at >= p_from AND d.created_at < p_to
  GROUP BY 1, d.status, d.currency
$function$
;
