-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- A write touched these (organisation, day in its time zone) pairs: re-sum the closed ones. The shared lock
-- (7100, npo), held until the transaction ends, keeps an open day open until then (see
-- close_giving_days). Today's gifts, the checkout's hot path, only take the lock and read the mark.

CREATE OR REPLACE FUNCTION public.refresh_closed_giving_days(p_npo_ids bigint[], p_days date[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT DISTINCT t.npo_id, t.day FROM unnest(p_npo_ids, p_days) AS t(npo_id, day)
    WHERE t.npo_id IS NOT NULL ORDER BY 1, 2
  LOOP
    PERFORM pg_advisory_xact_lock_shared(7100, r.npo_id::int);
    IF EXISTS (SELECT 1 FROM giving_days_closed c WHERE c.npo_id = r.npo_id AND c.through >= r.day) THEN
      PERFORM rebuild_giving_days(r.npo_id, r.day, r.day);
    END IF;
  END LOOP;
END $function$
;
