-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Inserted donations re-sum the closed days they fall in (decision 014): today's gifts, the checkout's
-- hot path, only take the shared lock and read the mark; a succeeded gift written to a closed day
-- re-sums the returns too. A donations import sets kindling.defer_closed_days for its batches and
-- re-sums the closed days its gifts fall in once, at the end of its run (refresh_closed_giving_range,
-- docs/decisions/102-streaming-donation-import.md): historic gifts spread over hundreds of closed days.

CREATE OR REPLACE FUNCTION public.donations_inserted_refresh_giving_days()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT npo_id, min(created_at) AS earliest FROM inserted_rows GROUP BY npo_id ORDER BY npo_id LOOP
    PERFORM pg_advisory_xact_lock_shared(7100, r.npo_id::int);
    CONTINUE WHEN current_setting('kindling.defer_closed_days', true) = 'on';
    -- The zone is read only when the organisation has closed days: one primary-key read.
    IF EXISTS (SELECT 1 FROM giving_days_closed c JOIN npos n ON n.id = c.npo_id
        WHERE c.npo_id = r.npo_id AND c.through >= (r.earliest AT TIME ZONE n.time_zone)::date) THEN
      PERFORM refresh_closed_giving_days(
        ARRAY(SELECT npo_id FROM inserted_rows WHERE npo_id = r.npo_id),
        ARRAY(SELECT (i.created_at AT TIME ZONE n.time_zone)::date FROM inserted_rows i JOIN npos n ON n.id = i.npo_id
          WHERE i.npo_id = r.npo_id));
      PERFORM refresh_closed_giving_returns(array_agg(i.npo_id), array_agg(i.donor_id), array_agg(i.created_at))
      FROM inserted_rows i WHERE i.npo_id = r.npo_id AND i.status = 'succeeded'
      HAVING count(*) > 0;
    END IF;
  END LOOP;
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS donations_giving_days_insert ON public.donations;
CREATE TRIGGER donations_giving_days_insert AFTER INSERT ON public.donations REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION donations_inserted_refresh_giving_days();
