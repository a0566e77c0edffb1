-- The checkout's hot path through the day-sum triggers (decision 014), made shorter: a gift of an
-- open day (today) only takes the shared lock and reads the closed mark; a gift's own ledger lines
-- (kind 'gift') never change a day's sums, so the ledger trigger stops at once for them.
CREATE OR REPLACE FUNCTION donations_inserted_refresh_giving_days() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT npo_id, min(created_at) AS earliest FROM inserted_rows GROUP BY npo_id ORDER BY npo_id LOOP
    PERFORM pg_advisory_xact_lock_shared(7100, r.npo_id::int);
    IF EXISTS (SELECT 1 FROM giving_days_closed c
        WHERE c.npo_id = r.npo_id AND c.through >= (r.earliest AT TIME ZONE 'UTC')::date) THEN
      PERFORM refresh_closed_giving_days(
        ARRAY(SELECT npo_id FROM inserted_rows WHERE npo_id = r.npo_id),
        ARRAY(SELECT (created_at AT TIME ZONE 'UTC')::date FROM inserted_rows WHERE npo_id = r.npo_id));
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_inserted_refresh_giving_days() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM inserted_rows WHERE kind IN ('refund', 'dispute')) THEN
    RETURN NULL;
  END IF;
  PERFORM refresh_closed_giving_days(array_agg(d.npo_id), array_agg((d.created_at AT TIME ZONE 'UTC')::date))
  FROM inserted_rows l JOIN donations d ON d.id = l.donation_id
  WHERE l.kind IN ('refund', 'dispute');
  RETURN NULL;
END $$;
