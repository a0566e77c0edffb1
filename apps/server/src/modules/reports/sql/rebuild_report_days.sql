-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Re-sums the report_days of p_first..p_last (the organisation's days, decision 085). Called by
-- rebuild_giving_days, so the income report's days close and re-sum with the dashboard's (decision
-- 014): under the same locks, on the same writes (a refund, a dispute, a back-dated gift).

CREATE OR REPLACE FUNCTION public.rebuild_report_days(p_npo bigint, p_first date, p_last date)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_zone text := (SELECT n.time_zone FROM npos n WHERE n.id = p_npo);
BEGIN
  DELETE FROM report_days WHERE npo_id = p_npo AND day >= p_first AND day <= p_last;
  INSERT INTO report_days (npo_id, day, campaign_id, designation, method, currency, gifts, gross, fee_covered,
    refunds, disputes, platform_fees)
  SELECT p_npo, r.* FROM report_day_rows(p_npo,
    CASE WHEN p_first = '-infinity'::date THEN '-infinity'::timestamptz ELSE p_first::timestamp AT TIME ZONE v_zone END,
    (p_last + 1)::timestamp AT TIME ZONE v_zone) r;
  -- A closed day's gifts or charges changed: the recurring report's stored months from its month on
  -- are read live until stored again (decision 105).
  PERFORM reopen_report_mrr_months(p_npo, p_first);
END $function$
;
