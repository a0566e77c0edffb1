-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Another time zone cuts the organisation's days elsewhere (decision 027): its closed days are
-- opened again, so every figure is summed live in the new zone at once, and the periodic closing
-- (giving-days.close) sums them again, as on a new installation. Opening is one row deleted, so
-- the admin's request stays short whatever the organisation's size; the exclusive lock (7100, npo)
-- waits for its in-flight donation writes, as closing does. The donor totals' giving year follows
-- through npos_fiscal_year_refresh_giving.

CREATE OR REPLACE FUNCTION public.npos_time_zone_reopen_giving_days()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(7100, NEW.id::int);
  DELETE FROM giving_days_closed WHERE npo_id = NEW.id;
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS npos_time_zone_giving_days ON public.npos;
CREATE TRIGGER npos_time_zone_giving_days AFTER UPDATE OF time_zone ON public.npos FOR EACH ROW
  WHEN ((old.time_zone IS DISTINCT FROM new.time_zone))
  EXECUTE FUNCTION npos_time_zone_reopen_giving_days();
