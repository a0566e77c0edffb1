-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Recurring plans counted per day of the organisation's time zone (decision 027) (plan_days, decision 017), kept like giving_days (decision
-- 014): stored for closed days, re-summed by a trigger when a plan's figures change, computed live
-- for later days by the same function.
--
-- plan_day_rows: the rows of the days in [p_from, p_to), or of only those of p_days when given.
-- The analysis module's plan rules, in one place:
-- - a plan's charge per month in base currency: its amount at its first gift's rate (base_rate),
--   each interval normalised to a month (a year has 52 weeks and 365 days), numeric;
-- - it stopped running when cancelled, or when it failed (its last update), and it ran unless it
--   never had a saved payment method; `runs` also requires that it did not stop before it started,
--   so a plan running at the start of a day d is one whose 'started' row is before d and whose
--   'ended' row is not;
-- - `exhausted`: failed after its last retry (churn by failure).

CREATE OR REPLACE FUNCTION public.plan_day_rows(p_npo bigint, p_from timestamp with time zone, p_to timestamp with time zone, p_days date[] DEFAULT NULL::date[])
 RETURNS TABLE(day date, kind text, status text, runs boolean, exhausted boolean, plans integer, monthly_base numeric)
 LANGUAGE sql
 STABLE
AS $function$
  WITH z AS (SELECT n.time_zone AS tz FROM npos n WHERE n.id = p_npo),
  facts AS (
    SELECT p.started_at, e.ended_at, p.status,
      coalesce(p.failure_reason, '') <> 'no_saved_payment_method'
        AND (e.ended_at IS NULL OR e.ended_at >= p.started_at) AS runs,
      p.status = 'failed' AND p.failure_reason IS NOT DISTINCT FROM 'retries_exhausted' AS exhausted,
      p.amount_minor::numeric * p.base_rate
        * CASE p.interval WHEN 'daily' THEN 365.0 / 12 WHEN 'weekly' THEN 52.0 / 12 WHEN 'monthly' THEN 1
          WHEN 'quarterly' THEN 1.0 / 3 WHEN 'yearly' THEN 1.0 / 12 ELSE 0 END AS monthly_base
    FROM recurring_plans p
    CROSS JOIN LATERAL (
      SELECT coalesce(p.cancelled_at, CASE WHEN p.status = 'failed' THEN p.updated_at END) AS ended_at
    ) e
    WHERE p.npo_id = p_npo AND (
      (p.started_at >= p_from AND p.started_at < p_to)
      OR ((p.cancelled_at IS NOT NULL OR p.status = 'failed')
        AND coalesce(p.cancelled_at, CASE WHEN p.status = 'failed' THEN p.updated_at END) >= p_from
        AND coalesce(p.cancelled_at, CASE WHEN p.status = 'failed' THEN p.updated_at END) < p_to))
  )
  SELECT x.day, x.kind, x.status, x.runs, x.exhausted, count(*)::int, coalesce(sum(x.monthly_base), 0)
  FROM (
    SELECT (f.started_at AT TIME ZONE z.tz)::date AS day, 'started' AS kind, f.status, f.runs, f.exhausted,
      f.monthly_base
    FROM facts f, z WHERE f.started_at >= p_from AND f.started_at < p_to
    UNION ALL
    SELECT (f.ended_at AT TIME ZONE z.tz)::date, 'ended', f.status, f.runs, f.exhausted, f.monthly_base
    FROM facts f, z WHERE f.ended_at >= p_from AND f.ended_at < p_to
  ) x
  WHERE p_days IS NULL OR x.day = ANY (p_days)
  GROUP BY x.day, x.kind, x.status, x.runs, x.exhausted
$function$
;
