-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- A plan written to these days (in its time zone) of one organisation: re-sum the closed ones. The shared lock
-- (7100, npo), held until the transaction ends, keeps an open day open until then (see
-- close_giving_days); a new plan (started today) only takes it and reads the closed mark.

CREATE OR REPLACE FUNCTION public.refresh_closed_plan_days(p_npo bigint, p_days date[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_through date;
  v_days date[];
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7100, p_npo::int);
  SELECT c.through INTO v_through FROM giving_days_closed c WHERE c.npo_id = p_npo;
  IF v_through IS NULL THEN
    RETURN;
  END IF;
  v_days := ARRAY(SELECT DISTINCT d FROM unnest(p_days) d WHERE d <= v_through);
  IF cardinality(v_days) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(7101, p_npo::int);
  PERFORM rebuild_plan_days(p_npo, (SELECT min(d) FROM unnest(v_days) d), (SELECT max(d) FROM unnest(v_days) d), v_days);
END $function$
;
