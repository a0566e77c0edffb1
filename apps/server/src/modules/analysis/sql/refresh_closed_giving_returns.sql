-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Succeeded gifts of these (organisation, donor) pairs changed at these instants (a gift added,
-- refunded, moved in time or to another donor, in its old and its new place): re-sum the closed
-- days whose rows may have changed. A gift's row holds its donor's previous and first gift, so
-- besides the changed gifts' own days, the days of every later gift of the donor are re-summed.
-- Those days are read after taking the re-sum lock (7101, npo), so a concurrent change to the same
-- donor's gifts, committed meanwhile, is seen here or re-sums after this one.

CREATE OR REPLACE FUNCTION public.refresh_closed_giving_returns(p_npo_ids bigint[], p_donor_ids bigint[], p_ats timestamp with time zone[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  r record;
  v_through date;
  v_days date[];
  v_zone text;
BEGIN
  FOR r IN
    SELECT t.npo_id, min(t.at) AS earliest FROM unnest(p_npo_ids, p_ats) AS t(npo_id, at)
    WHERE t.npo_id IS NOT NULL GROUP BY t.npo_id ORDER BY t.npo_id
  LOOP
    PERFORM pg_advisory_xact_lock_shared(7100, r.npo_id::int);
    SELECT c.through, n.time_zone INTO v_through, v_zone
    FROM giving_days_closed c JOIN npos n ON n.id = c.npo_id WHERE c.npo_id = r.npo_id;
    CONTINUE WHEN v_through IS NULL OR (r.earliest AT TIME ZONE v_zone)::date > v_through;
    PERFORM pg_advisory_xact_lock(7101, r.npo_id::int);
    v_days := ARRAY(
      SELECT x.day FROM (
        SELECT (t.at AT TIME ZONE v_zone)::date AS day
        FROM unnest(p_npo_ids, p_ats) AS t(npo_id, at) WHERE t.npo_id = r.npo_id
        UNION
        SELECT (d.created_at AT TIME ZONE v_zone)::date
        FROM unnest(p_npo_ids, p_donor_ids, p_ats) AS t(npo_id, donor_id, at)
        JOIN donations d ON d.donor_id = t.donor_id AND d.created_at > t.at
        WHERE t.npo_id = r.npo_id AND d.npo_id = r.npo_id AND d.status = 'succeeded'
      ) x
      WHERE x.day <= v_through);
    IF cardinality(v_days) > 0 THEN
      PERFORM rebuild_giving_day_returns(r.npo_id,
        (SELECT min(x) FROM unnest(v_days) x), (SELECT max(x) FROM unnest(v_days) x), v_days);
    END IF;
  END LOOP;
END $function$
;
