-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Updated donations: the day sums of their old and new days (a designation only the income
-- report's, decision 085; a charge's plan only the recurring report's, decision 105); the returns when a succeeded gift
-- (before or after) changed its status, time, donor or organisation.

CREATE OR REPLACE FUNCTION public.donations_updated_refresh_giving_days()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM refresh_closed_giving_days(array_agg(x.npo_id), array_agg(x.day))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES
    (o.npo_id, (o.created_at AT TIME ZONE (SELECT z.time_zone FROM npos z WHERE z.id = o.npo_id))::date),
    (n.npo_id, (n.created_at AT TIME ZONE (SELECT z.time_zone FROM npos z WHERE z.id = n.npo_id))::date)) AS x(npo_id, day)
  WHERE (o.npo_id, o.status, o.created_at, o.currency, o.amount_minor, o.base_amount_minor, o.campaign_id,
      o.payment_method, o.interval, o.designation_name, o.recurring_plan_id)
    IS DISTINCT FROM (n.npo_id, n.status, n.created_at, n.currency, n.amount_minor, n.base_amount_minor,
      n.campaign_id, n.payment_method, n.interval, n.designation_name, n.recurring_plan_id);
  PERFORM refresh_closed_giving_returns(array_agg(x.npo_id), array_agg(x.donor_id), array_agg(x.at))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES (o.npo_id, o.donor_id, o.created_at), (n.npo_id, n.donor_id, n.created_at))
    AS x(npo_id, donor_id, at)
  WHERE (o.status = 'succeeded' OR n.status = 'succeeded')
    AND (o.npo_id, o.status, o.created_at, o.donor_id) IS DISTINCT FROM (n.npo_id, n.status, n.created_at, n.donor_id)
  HAVING count(*) > 0;
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS donations_giving_days_update ON public.donations;
CREATE TRIGGER donations_giving_days_update AFTER UPDATE ON public.donations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION donations_updated_refresh_giving_days();
