-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Re-sums the days p_first..p_last (only those of p_days when given) of one organisation. The caller
-- holds the advisory lock (7101, npo) that orders re-sums (see rebuild_giving_days).

CREATE OR REPLACE FUNCTION public.rebuild_plan_days(p_npo bigint, p_first date, p_last date, p_days date[] DEFAULT NULL::date[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_zone text := (SELECT n.time_zone FROM npos n WHERE n.id = p_npo);
BEGIN
  DELETE FROM plan_days
  WHERE npo_id = p_npo AND day >= p_first AND day <= p_last AND (p_days IS NULL OR day = ANY (p_days));
  INSERT INTO plan_days (npo_id, day, kind, status, runs, exhausted, plans, monthly_base)
  SELECT p_npo, r.* FROM plan_day_rows(p_npo,
    CASE WHEN p_first = '-infinity'::date THEN '-infinity'::timestamptz ELSE p_first::timestamp AT TIME ZONE v_zone END,
    (p_last + 1)::timestamp AT TIME ZONE v_zone, p_days) r;
  -- A plan's start or stop on a closed day: the recurring report's stored months from then on too (decision 105).
  PERFORM reopen_report_mrr_months(p_npo, p_first);
END $function$
;
