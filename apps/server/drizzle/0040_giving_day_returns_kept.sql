-- Returning donors per UTC day (giving_day_returns, decision 015): computed, stored for closed days
-- and kept exact by the donation triggers, like giving_days (decision 014).
--
-- giving_day_return_rows: the rows of the UTC days in [p_from, p_to), or of only those of p_days
-- when given. A gift counts for retention when it succeeded (a partly refunded one too). Each gift
-- of those days is placed in its donor's chain of succeeded gifts (by time, then id), read from the
-- donor index: how many days before it the gift before it and the donor's first were given, as
-- negative smallints (a period covers at most ten years, so a gap beyond 89 years is clamped with
-- no effect on any count), sorted by the previous gift.
CREATE OR REPLACE FUNCTION giving_day_return_rows(p_npo bigint, p_from timestamptz, p_to timestamptz,
  p_days date[] DEFAULT NULL)
RETURNS TABLE (day date, firsts integer, prev_gaps smallint[], first_gaps smallint[])
LANGUAGE sql STABLE AS $$
  WITH givers AS (
    SELECT DISTINCT d.donor_id FROM donations d
    WHERE d.npo_id = p_npo AND d.status = 'succeeded' AND d.created_at >= p_from AND d.created_at < p_to
      AND (p_days IS NULL OR (d.created_at AT TIME ZONE 'UTC')::date = ANY (p_days))
  ),
  chain AS (
    SELECT d.created_at,
      lag(d.created_at) OVER (PARTITION BY d.donor_id ORDER BY d.created_at, d.id) AS prev_at,
      min(d.created_at) OVER (PARTITION BY d.donor_id) AS first_at
    FROM givers g JOIN donations d ON d.donor_id = g.donor_id
    WHERE d.npo_id = p_npo AND d.status = 'succeeded'
  )
  SELECT c.day,
    (count(*) FILTER (WHERE c.prev_at IS NULL))::int,
    coalesce(array_agg(greatest((c.prev_at AT TIME ZONE 'UTC')::date - c.day, -32768)::smallint ORDER BY c.prev_at)
      FILTER (WHERE c.prev_at IS NOT NULL), '{}'),
    coalesce(array_agg(greatest((c.first_at AT TIME ZONE 'UTC')::date - c.day, -32768)::smallint ORDER BY c.prev_at)
      FILTER (WHERE c.prev_at IS NOT NULL), '{}')
  FROM (SELECT (ch.created_at AT TIME ZONE 'UTC')::date AS day, ch.* FROM chain ch) c
  WHERE c.created_at >= p_from AND c.created_at < p_to AND (p_days IS NULL OR c.day = ANY (p_days))
  GROUP BY c.day
$$;
--> statement-breakpoint
-- Re-sums the days p_first..p_last (only those of p_days when given) of one organisation. The caller
-- holds the advisory lock (7101, npo) that orders re-sums (see rebuild_giving_days).
CREATE OR REPLACE FUNCTION rebuild_giving_day_returns(p_npo bigint, p_first date, p_last date,
  p_days date[] DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM giving_day_returns
  WHERE npo_id = p_npo AND day >= p_first AND day <= p_last AND (p_days IS NULL OR day = ANY (p_days));
  INSERT INTO giving_day_returns (npo_id, day, firsts, prev_gaps, first_gaps)
  SELECT p_npo, r.* FROM giving_day_return_rows(p_npo,
    CASE WHEN p_first = '-infinity'::date THEN '-infinity'::timestamptz ELSE p_first::timestamp AT TIME ZONE 'UTC' END,
    (p_last + 1)::timestamp AT TIME ZONE 'UTC', p_days) r;
END $$;
--> statement-breakpoint
-- Closing sums the returns of the newly closed days too (same locks as before).
CREATE OR REPLACE FUNCTION close_giving_days(p_npo bigint, p_through date) RETURNS date
LANGUAGE plpgsql AS $$
DECLARE
  v_closed date;
BEGIN
  PERFORM pg_advisory_xact_lock(7100, p_npo::int);
  SELECT through INTO v_closed FROM giving_days_closed WHERE npo_id = p_npo;
  IF v_closed IS NOT NULL AND v_closed >= p_through THEN
    RETURN v_closed;
  END IF;
  PERFORM rebuild_giving_days(p_npo, coalesce(v_closed + 1, '-infinity'::date), p_through);
  PERFORM rebuild_giving_day_returns(p_npo, coalesce(v_closed + 1, '-infinity'::date), p_through);
  INSERT INTO giving_days_closed (npo_id, through) VALUES (p_npo, p_through)
  ON CONFLICT (npo_id) DO UPDATE SET through = EXCLUDED.through;
  RETURN p_through;
END $$;
--> statement-breakpoint
-- Succeeded gifts of these (organisation, donor) pairs changed at these instants (a gift added,
-- refunded, moved in time or to another donor, in its old and its new place): re-sum the closed
-- days whose rows may have changed. A gift's row holds its donor's previous and first gift, so
-- besides the changed gifts' own days, the days of every later gift of the donor are re-summed.
-- Those days are read after taking the re-sum lock (7101, npo), so a concurrent change to the same
-- donor's gifts, committed meanwhile, is seen here or re-sums after this one.
CREATE OR REPLACE FUNCTION refresh_closed_giving_returns(p_npo_ids bigint[], p_donor_ids bigint[],
  p_ats timestamptz[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_through date;
  v_days date[];
BEGIN
  FOR r IN
    SELECT t.npo_id, min(t.at) AS earliest FROM unnest(p_npo_ids, p_ats) AS t(npo_id, at)
    WHERE t.npo_id IS NOT NULL GROUP BY t.npo_id ORDER BY t.npo_id
  LOOP
    PERFORM pg_advisory_xact_lock_shared(7100, r.npo_id::int);
    SELECT c.through INTO v_through FROM giving_days_closed c WHERE c.npo_id = r.npo_id;
    CONTINUE WHEN v_through IS NULL OR (r.earliest AT TIME ZONE 'UTC')::date > v_through;
    PERFORM pg_advisory_xact_lock(7101, r.npo_id::int);
    v_days := ARRAY(
      SELECT x.day FROM (
        SELECT (t.at AT TIME ZONE 'UTC')::date AS day
        FROM unnest(p_npo_ids, p_ats) AS t(npo_id, at) WHERE t.npo_id = r.npo_id
        UNION
        SELECT (d.created_at AT TIME ZONE 'UTC')::date
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
END $$;
--> statement-breakpoint
-- Inserts: as in migration 0035 (today's gifts only take the shared lock and read the mark), and
-- a succeeded gift written to a closed day re-sums the returns too.
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
      PERFORM refresh_closed_giving_returns(array_agg(i.npo_id), array_agg(i.donor_id), array_agg(i.created_at))
      FROM inserted_rows i WHERE i.npo_id = r.npo_id AND i.status = 'succeeded'
      HAVING count(*) > 0;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates: the day sums as before; the returns when a succeeded gift (before or after) changed its
-- status, time, donor or organisation.
CREATE OR REPLACE FUNCTION donations_updated_refresh_giving_days() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_closed_giving_days(array_agg(x.npo_id), array_agg(x.day))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES (o.npo_id, (o.created_at AT TIME ZONE 'UTC')::date),
    (n.npo_id, (n.created_at AT TIME ZONE 'UTC')::date)) AS x(npo_id, day)
  WHERE (o.npo_id, o.status, o.created_at, o.currency, o.amount_minor, o.base_amount_minor, o.campaign_id,
      o.payment_method, o.interval)
    IS DISTINCT FROM (n.npo_id, n.status, n.created_at, n.currency, n.amount_minor, n.base_amount_minor,
      n.campaign_id, n.payment_method, n.interval);
  PERFORM refresh_closed_giving_returns(array_agg(x.npo_id), array_agg(x.donor_id), array_agg(x.at))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES (o.npo_id, o.donor_id, o.created_at), (n.npo_id, n.donor_id, n.created_at))
    AS x(npo_id, donor_id, at)
  WHERE (o.status = 'succeeded' OR n.status = 'succeeded')
    AND (o.npo_id, o.status, o.created_at, o.donor_id) IS DISTINCT FROM (n.npo_id, n.status, n.created_at, n.donor_id)
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A day's arrays are read on every retention request: rows up to a page stay in the table
-- uncompressed (about 2,000 gifts a day) instead of compressed, which was most of the read time.
ALTER TABLE giving_day_returns SET (toast_tuple_target = 8160);
--> statement-breakpoint
-- The returns of the days already closed.
SELECT rebuild_giving_day_returns(npo_id, '-infinity', through) FROM giving_days_closed;
