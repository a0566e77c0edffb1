-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- The recurring report's MRR movement (decision 099) of the months p_first..p_last (first days of the
-- organisation's months), unfiltered, reading only the plans that can change in them (decision 105):
-- a plan's MRR changes only in the month it starts, a month it is charged or the month it stops, so
-- a plan started, charged, cancelled, paused or failed in those months is read with its charges in
-- them and its latest charge before them; every earlier fact of it falls in the month before p_first.
-- The rules are recurring-report.repository.ts's selectMrrMonths, to the cent (a test compares them).
-- The current month ends now. One row per month with movement; `change` and `plans_change` move the
-- month-end MRR and plan count.

CREATE OR REPLACE FUNCTION public.report_mrr_moves(p_npo bigint, p_first date, p_last date)
 RETURNS TABLE(month date, change bigint, plans_change integer, new_mrr bigint, expansion bigint, contraction bigint,
   churn bigint, new_plans integer, churned_plans integer)
 LANGUAGE sql
 STABLE
 -- Row estimates of the CTEs are poor; joins between them are hashed (see decision 105).
 SET enable_nestloop = off
AS $function$
  WITH z AS MATERIALIZED (
    SELECT n.time_zone AS tz, (p_first::timestamp AT TIME ZONE n.time_zone) AS t,
      (p_first - interval '1 month')::date AS opening,
      least(((p_last + interval '1 month')::timestamp AT TIME ZONE n.time_zone), now()) AS ends
    FROM npos n WHERE n.id = p_npo
  ),
  rc AS MATERIALIZED (
    -- The charges in the months (one pass over the charges index).
    SELECT d.recurring_plan_id AS plan_id, d.created_at, d.id, d.base_amount_minor AS amount FROM donations d, z
    WHERE d.recurring_plan_id IS NOT NULL AND d.npo_id = p_npo AND d.status IN ('succeeded', 'refunded')
      AND d.created_at >= z.t AND d.created_at < z.ends
  ),
  cand AS MATERIALIZED (
    SELECT p.id FROM recurring_plans p, z
    WHERE p.npo_id = p_npo AND p.started_at >= z.t AND p.started_at < z.ends
    UNION
    SELECT p.id FROM recurring_plans p, z
    WHERE p.npo_id = p_npo AND (p.cancelled_at IS NOT NULL OR p.status = 'failed')
      AND coalesce(p.cancelled_at, CASE WHEN p.status = 'failed' THEN p.updated_at END) >= z.t
    UNION
    SELECT p.id FROM recurring_plans p, z
    WHERE p.npo_id = p_npo AND p.status = 'paused' AND coalesce(p.paused_at, p.updated_at) >= z.t
    UNION
    SELECT rc.plan_id FROM rc
  ),
  cc AS MATERIALIZED (
    -- Every charge of the candidates (their first gifts among them), from the charges index alone.
    SELECT d.recurring_plan_id AS plan_id, d.created_at, d.id, d.status, d.npo_id, d.base_amount_minor AS amount
    FROM cand JOIN donations d ON d.recurring_plan_id = cand.id
  ),
  p AS MATERIALIZED (
    SELECT x.id, x.per_year, x.first_amount,
      CASE WHEN x.started_at < z.t THEN z.opening ELSE date_trunc('month', x.started_at AT TIME ZONE z.tz)::date END AS s,
      CASE WHEN least(CASE WHEN x.cancelled_at < z.ends THEN x.cancelled_at END,
          CASE WHEN x.stopped_at < z.ends THEN x.stopped_at END) < z.t THEN z.opening
        ELSE date_trunc('month', least(CASE WHEN x.cancelled_at < z.ends THEN x.cancelled_at END,
          CASE WHEN x.stopped_at < z.ends THEN x.stopped_at END) AT TIME ZONE z.tz)::date END AS e
    FROM z, (
      SELECT p.id, p.started_at, p.cancelled_at,
        CASE p.interval WHEN 'daily' THEN 365 WHEN 'weekly' THEN 52 WHEN 'monthly' THEN 12
          WHEN 'quarterly' THEN 4 WHEN 'yearly' THEN 1 END AS per_year,
        coalesce(g.amount, round(p.amount_minor * coalesce(p.base_rate, 1))::bigint) AS first_amount
        , CASE WHEN p.status = 'paused' THEN coalesce(p.paused_at, p.updated_at)
             WHEN p.status = 'failed' THEN p.updated_at END AS stopped_at
      FROM recurring_plans p
      LEFT JOIN cc f ON f.plan_id = p.id AND f.id = p.first_donation_id
      -- A first gift not linked to its plan is read itself (OFFSET 0: only for those).
      LEFT JOIN LATERAL (
        SELECT o.npo_id, o.status, o.base_amount_minor AS amount FROM donations o
        WHERE o.id = p.first_donation_id AND f.id IS NULL OFFSET 0
      ) o ON true
      CROSS JOIN LATERAL (SELECT coalesce(f.npo_id, o.npo_id) AS npo_id, coalesce(f.status, o.status) AS status,
        coalesce(f.amount, o.amount) AS amount) g
      -- The candidates by primary key (= ANY): a hash join (nested loops are off) would read every plan.
      WHERE p.id = ANY (ARRAY(SELECT cand.id FROM cand)) AND p.npo_id = p_npo
        AND (p.first_donation_id IS NULL OR (g.npo_id = p_npo AND g.status IN ('succeeded', 'refunded')))
    ) x
    WHERE x.started_at < z.ends
      AND (x.cancelled_at IS NULL OR x.cancelled_at >= (z.opening::timestamp AT TIME ZONE z.tz))
  ),
  charges AS (
    -- Each plan's latest charge before the months (it falls in the month before them), and its charges in them.
    (SELECT DISTINCT ON (cc.plan_id) cc.plan_id, cc.created_at, cc.id, cc.amount
    FROM cc JOIN p ON p.id = cc.plan_id, z
    WHERE cc.created_at < z.t AND cc.npo_id = p_npo AND cc.status IN ('succeeded', 'refunded')
    ORDER BY cc.plan_id, cc.created_at DESC, cc.id DESC)
    UNION ALL
    SELECT cc.plan_id, cc.created_at, cc.id, cc.amount FROM cc JOIN p ON p.id = cc.plan_id, z
    WHERE cc.created_at >= z.t AND cc.created_at < z.ends AND cc.npo_id = p_npo AND cc.status IN ('succeeded', 'refunded')
  ),
  c AS MATERIALIZED (
    SELECT plan_id, month, amount, next_month, lag(amount) OVER (PARTITION BY plan_id ORDER BY created_at, id) AS before
    FROM (
      SELECT ch.plan_id, ch.created_at, ch.id, ch.amount, m.month,
        lead(m.month) OVER (PARTITION BY ch.plan_id ORDER BY ch.created_at, ch.id) AS next_month
      FROM charges ch, z
      CROSS JOIN LATERAL (SELECT CASE WHEN ch.created_at < z.t THEN z.opening
        ELSE date_trunc('month', ch.created_at AT TIME ZONE z.tz)::date END AS month) m
    ) x
    WHERE next_month IS NULL OR next_month <> month
  ),
  changes AS (
    SELECT p.s AS month, 0::bigint AS prev, round(coalesce(c.amount, p.first_amount) * p.per_year / 12.0)::bigint AS mrr
    FROM p LEFT JOIN c ON c.plan_id = p.id AND c.month <= p.s AND (c.next_month IS NULL OR c.next_month > p.s)
    WHERE p.e IS NULL OR p.s < p.e
    UNION ALL
    SELECT c.month, round(coalesce(c.before, p.first_amount) * p.per_year / 12.0)::bigint,
      round(c.amount * p.per_year / 12.0)::bigint
    FROM c JOIN p ON p.id = c.plan_id
    WHERE c.month > p.s AND (p.e IS NULL OR c.month < p.e)
    UNION ALL
    SELECT p.e, round(coalesce(c.amount, p.first_amount) * p.per_year / 12.0)::bigint, 0::bigint
    FROM p LEFT JOIN c ON c.plan_id = p.id AND c.month < p.e AND (c.next_month IS NULL OR c.next_month >= p.e)
    WHERE p.s < p.e
  )
  SELECT month, sum(mrr - prev)::bigint, sum((mrr > 0)::int - (prev > 0)::int)::int,
    coalesce(sum(mrr) FILTER (WHERE prev = 0 AND mrr > 0), 0)::bigint,
    coalesce(sum(mrr - prev) FILTER (WHERE prev > 0 AND mrr > prev), 0)::bigint,
    coalesce(sum(prev - mrr) FILTER (WHERE mrr > 0 AND mrr < prev), 0)::bigint,
    coalesce(sum(prev) FILTER (WHERE prev > 0 AND mrr = 0), 0)::bigint,
    count(*) FILTER (WHERE prev = 0 AND mrr > 0)::int,
    count(*) FILTER (WHERE prev > 0 AND mrr = 0)::int
  FROM changes, z WHERE mrr <> prev AND month >= p_first AND month <= p_last
  GROUP BY month
$function$
;
