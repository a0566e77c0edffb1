-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Stores the recurring report's MRR movement of the organisation's closed months (decision 105): the
-- months after the last one stored (from its first plan's month), up to the last month whose days are
-- all closed through p_through, at most six per call so closing stays short; the next close goes on.
-- Called by close_giving_days under its exclusive lock (7100, npo), so no write to a closed day or a
-- plan's stop (which take the shared lock and reopen months) runs meanwhile.

CREATE OR REPLACE FUNCTION public.fill_report_mrr_months(p_npo bigint, p_through date)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_zone text := (SELECT n.time_zone FROM npos n WHERE n.id = p_npo);
  v_from date;
  v_to date := (date_trunc('month', p_through + 1) - interval '1 month')::date;
BEGIN
  IF p_through IS NULL OR p_through = 'infinity'::date THEN
    RETURN;
  END IF;
  SELECT (max(m.month) + interval '1 month')::date INTO v_from FROM report_mrr_months m WHERE m.npo_id = p_npo;
  IF v_from IS NULL THEN
    SELECT date_trunc('month', min(p.started_at) AT TIME ZONE v_zone)::date INTO v_from
    FROM recurring_plans p WHERE p.npo_id = p_npo;
  END IF;
  v_to := least(v_to, (v_from + interval '5 months')::date);
  IF v_from IS NULL OR v_from > v_to THEN
    RETURN;
  END IF;
  INSERT INTO report_mrr_months (npo_id, month, change, plans_change, new_mrr, expansion, contraction, churn,
    new_plans, churned_plans)
  SELECT p_npo, m.m::date, coalesce(x.change, 0), coalesce(x.plans_change, 0), coalesce(x.new_mrr, 0),
    coalesce(x.expansion, 0), coalesce(x.contraction, 0), coalesce(x.churn, 0), coalesce(x.new_plans, 0),
    coalesce(x.churned_plans, 0)
  FROM generate_series(v_from::timestamp, v_to::timestamp, interval '1 month') m(m)
  LEFT JOIN report_mrr_moves(p_npo, v_from, v_to) x ON x.month = m.m::date;
END $function$
;
