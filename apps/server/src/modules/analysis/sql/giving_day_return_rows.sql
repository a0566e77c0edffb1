-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Returning donors per day of the organisation's time zone (decision 027) (giving_day_returns, decision 015): computed, stored for closed days
-- and kept exact by the donation triggers, like giving_days (decision 014).
--
-- giving_day_return_rows: the rows of the days in [p_from, p_to), or of only those of p_days
-- when given. A gift counts for retention when it succeeded (a partly refunded one too). Each gift
-- of those days is placed in its donor's chain of succeeded gifts (by time, then id), read from the
-- donor index: how many days before it the gift before it and the donor's first were given, as
-- negative smallints (a period covers at most ten years, so a gap beyond 89 years is clamped with
-- no effect on any count), sorted by the previous gift.

CREATE OR REPLACE FUNCTION public.giving_day_return_rows(p_npo bigint, p_from timestamp with time zone, p_to timestamp with time zone, p_days date[] DEFAULT NULL::date[])
 RETURNS TABLE(day date, firsts integer, prev_gaps smallint[], first_gaps smallint[])
 LANGUAGE sql
 STABLE
AS $function$
  WITH z AS (SELECT n.time_zone AS tz FROM npos n WHERE n.id = p_npo),
  givers AS (
    SELECT DISTINCT d.donor_id FROM donations d, z
    WHERE d.npo_id = p_npo AND d.status = 'succeeded' AND d.created_at >= p_from AND d.created_at < p_to
      AND (p_days IS NULL OR (d.created_at AT TIME ZONE z.tz)::date = ANY (p_days))
  ),
  chain AS (
    SELECT d.created_at,
      lag(d.created_at) OVER (PARTITION BY d.donor_id ORDER BY d.created_at, d.id) AS prev_at,
      min(d.created_at) OVER (PARTITION BY d.donor_id) AS first_at
    FROM givers g JOIN donations d ON d.donor_id = g.donor_id
    WHERE d.npo_id = p_npo AND d.status = 'succeeded'
  )
  SELECT c.day,
    (count(*) FILTER (WHERE c.prev_at IS NULL))::int,
    coalesce(array_agg(greatest((c.prev_at AT TIME ZONE c.tz)::date - c.day, -32768)::smallint ORDER BY c.prev_at)
      FILTER (WHERE c.prev_at IS NOT NULL), '{}'),
    coalesce(array_agg(greatest((c.first_at AT TIME ZONE c.tz)::date - c.day, -32768)::smallint ORDER BY c.prev_at)
      FILTER (WHERE c.prev_at IS NOT NULL), '{}')
  FROM (SELECT (ch.created_at AT TIME ZONE z.tz)::date AS day, z.tz, ch.* FROM chain ch, z) c
  WHERE c.created_at >= p_from AND c.created_at < p_to AND (p_days IS NULL OR c.day = ANY (p_days))
  GROUP BY c.day
$function$
;
