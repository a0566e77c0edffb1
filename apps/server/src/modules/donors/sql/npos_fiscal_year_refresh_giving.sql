-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Another fiscal year start or time zone (decision 027) moves every donor's giving year.

CREATE OR REPLACE FUNCTION public.npos_fiscal_year_refresh_giving()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM refresh_last_year_giving(ARRAY(SELECT donor_id FROM donor_giving WHERE npo_id = NEW.id));
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS npos_fiscal_year_giving ON public.npos;
CREATE TRIGGER npos_fiscal_year_giving AFTER UPDATE OF fiscal_year_start_month, time_zone ON public.npos FOR EACH ROW
  WHEN ((old.fiscal_year_start_month, old.time_zone) IS DISTINCT FROM (new.fiscal_year_start_month, new.time_zone))
  EXECUTE FUNCTION npos_fiscal_year_refresh_giving();
