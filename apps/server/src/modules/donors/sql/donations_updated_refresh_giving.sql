-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Updated donations (status, donor, amount, time or interval) recompute the totals of
-- their old and new donors (decision 009).

CREATE OR REPLACE FUNCTION public.donations_updated_refresh_giving()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM refresh_donor_giving(ARRAY(
    SELECT DISTINCT x.donor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.donor_id), (n.donor_id)) AS x(donor_id)
    WHERE o.status IS DISTINCT FROM n.status OR o.donor_id IS DISTINCT FROM n.donor_id
      OR o.base_amount_minor IS DISTINCT FROM n.base_amount_minor OR o.created_at IS DISTINCT FROM n.created_at
      OR o.interval IS DISTINCT FROM n.interval));
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS donations_giving_update ON public.donations;
CREATE TRIGGER donations_giving_update AFTER UPDATE ON public.donations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION donations_updated_refresh_giving();
