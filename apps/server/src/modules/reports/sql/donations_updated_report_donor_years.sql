-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Updated gifts re-sum the year rows they left and joined (decision 103) when what the rows sum
-- changed: counted or not (succeeded and refunded count; a refund alone changes nothing, gross
-- keeps refunded gifts), organisation, time, donor (a donor merge), base amount or campaign (the
-- rows list their donor's campaigns, so a gift moved to another campaign re-sums its row).

CREATE OR REPLACE FUNCTION public.donations_updated_report_donor_years()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM refresh_report_donor_years(array_agg(x.npo_id),
    array_agg(date_trunc('year', x.at AT TIME ZONE (SELECT z.time_zone FROM npos z WHERE z.id = x.npo_id))::date),
    array_agg(x.donor_id))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES
    (o.npo_id, o.created_at, o.donor_id, o.status),
    (n.npo_id, n.created_at, n.donor_id, n.status)) AS x(npo_id, at, donor_id, status)
  WHERE x.status IN ('succeeded', 'refunded')
    AND (o.npo_id, o.status IN ('succeeded', 'refunded'), o.created_at, o.donor_id, o.base_amount_minor, o.campaign_id)
      IS DISTINCT FROM (n.npo_id, n.status IN ('succeeded', 'refunded'), n.created_at, n.donor_id, n.base_amount_minor, n.campaign_id)
  HAVING count(*) > 0;
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS donations_report_donor_years_update ON public.donations;
CREATE TRIGGER donations_report_donor_years_update AFTER UPDATE ON public.donations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION donations_updated_report_donor_years();
