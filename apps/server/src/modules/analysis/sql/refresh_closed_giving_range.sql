-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Gifts were written to the days p_first..p_last of one organisation with the per-statement re-sum
-- deferred (kindling.defer_closed_days, a donations import): re-sum the closed ones once. A gift's
-- returns row holds its donor's previous gift, so the returns are re-summed from p_first through the
-- last closed day. Same locks as refresh_closed_giving_days / refresh_closed_giving_returns.

CREATE OR REPLACE FUNCTION public.refresh_closed_giving_range(p_npo bigint, p_first date, p_last date)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_through date;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7100, p_npo::int);
  SELECT c.through INTO v_through FROM giving_days_closed c WHERE c.npo_id = p_npo;
  IF v_through IS NULL OR p_first IS NULL OR p_first > v_through THEN
    RETURN;
  END IF;
  PERFORM rebuild_giving_days(p_npo, p_first, least(p_last, v_through));
  PERFORM rebuild_giving_day_returns(p_npo, p_first, v_through);
END $function$
;
