-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Closes an organisation's days through p_through: sums the newly closed days' giving, returns and
-- plans once and marks them closed (giving_days_closed, decision 014). The exclusive lock (7100, npo)
-- waits for every writer holding the shared one (see refresh_closed_giving_days).

CREATE OR REPLACE FUNCTION public.close_giving_days(p_npo bigint, p_through date)
 RETURNS date
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_closed date;
BEGIN
  PERFORM pg_advisory_xact_lock(7100, p_npo::int);
  SELECT through INTO v_closed FROM giving_days_closed WHERE npo_id = p_npo;
  IF v_closed IS NOT NULL AND v_closed >= p_through THEN
    -- Months reopened since the last close are stored again (decision 105).
    PERFORM fill_report_mrr_months(p_npo, v_closed);
    RETURN v_closed;
  END IF;
  PERFORM rebuild_giving_days(p_npo, coalesce(v_closed + 1, '-infinity'::date), p_through);
  PERFORM rebuild_giving_day_returns(p_npo, coalesce(v_closed + 1, '-infinity'::date), p_through);
  PERFORM rebuild_plan_days(p_npo, coalesce(v_closed + 1, '-infinity'::date), p_through);
  INSERT INTO giving_days_closed (npo_id, through) VALUES (p_npo, p_through)
  ON CONFLICT (npo_id) DO UPDATE SET through = EXCLUDED.through;
  -- The recurring report's months whose days are all closed now (decision 105).
  PERFORM fill_report_mrr_months(p_npo, p_through);
  RETURN p_through;
END $function$
;
