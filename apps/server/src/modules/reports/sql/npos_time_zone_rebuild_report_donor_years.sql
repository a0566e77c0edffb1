-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- A new time zone moves the years' edges: the organisation's year rows are summed again
-- (decision 103), as its day sums are reopened (npos_time_zone_reopen_giving_days).

CREATE OR REPLACE FUNCTION public.npos_time_zone_rebuild_report_donor_years()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM report_donor_years WHERE npo_id = NEW.id;
  INSERT INTO report_donor_years (npo_id, year, donor_id, gifts, gross, last_at, campaigns)
  SELECT d.npo_id, date_trunc('year', d.created_at AT TIME ZONE NEW.time_zone)::date, d.donor_id,
    count(*)::int, sum(d.base_amount_minor)::bigint, max(d.created_at),
    array_agg(DISTINCT coalesce(d.campaign_id, 0) ORDER BY coalesce(d.campaign_id, 0))
  FROM donations d
  WHERE d.npo_id = NEW.id AND d.status IN ('succeeded', 'refunded')
  GROUP BY 1, 2, 3;
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS npos_time_zone_report_donor_years ON public.npos;
CREATE TRIGGER npos_time_zone_report_donor_years AFTER UPDATE OF time_zone ON public.npos FOR EACH ROW
  WHEN ((old.time_zone IS DISTINCT FROM new.time_zone))
  EXECUTE FUNCTION npos_time_zone_rebuild_report_donor_years();
