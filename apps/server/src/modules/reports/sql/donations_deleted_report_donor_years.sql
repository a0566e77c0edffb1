-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Deleted gifts re-sum the year rows they were counted in (decision 103).

CREATE OR REPLACE FUNCTION public.donations_deleted_report_donor_years()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM refresh_report_donor_years(array_agg(o.npo_id),
    array_agg(date_trunc('year', o.created_at AT TIME ZONE (SELECT z.time_zone FROM npos z WHERE z.id = o.npo_id))::date),
    array_agg(o.donor_id))
  FROM old_rows o
  WHERE o.status IN ('succeeded', 'refunded')
  HAVING count(*) > 0;
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS donations_report_donor_years_delete ON public.donations;
CREATE TRIGGER donations_report_donor_years_delete AFTER DELETE ON public.donations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION donations_deleted_report_donor_years();
