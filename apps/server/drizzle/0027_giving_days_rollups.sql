-- Daily giving rollups (decision 013) and the donor totals' count of recurring gifts.
--
-- counted_gifts: the donations every dashboard figure adds up (the analysis module's rule, kept in
-- one place): succeeded and refunded donations, `gross` their base amount, `amount` that plus their
-- refund and dispute ledger rows, `is_gift` the succeeded ones. A plain SQL function, so the
-- planner inlines it into the query that calls it.
CREATE OR REPLACE FUNCTION counted_gifts(p_npo bigint, p_from timestamptz, p_to timestamptz)
RETURNS TABLE (id bigint, donor_id bigint, campaign_id bigint, payment_method text, "interval" text,
  created_at timestamptz, gross bigint, amount bigint, is_gift boolean)
LANGUAGE sql STABLE AS $$
  SELECT d.id, d.donor_id, d.campaign_id, d.payment_method, d.interval, d.created_at,
    d.base_amount_minor, d.base_amount_minor + coalesce(adj.amount, 0)::bigint, d.status = 'succeeded'
  FROM donations d
  LEFT JOIN (
    SELECT l.donation_id, sum(l.base_amount_minor) AS amount
    FROM ledger_entries l
    WHERE l.npo_id = p_npo AND l.kind IN ('refund', 'dispute')
    GROUP BY l.donation_id
  ) adj ON adj.donation_id = d.id
  WHERE d.npo_id = p_npo AND d.status IN ('succeeded', 'refunded')
    AND d.created_at >= p_from AND d.created_at < p_to
$$;
--> statement-breakpoint
-- The giving_days rows of the UTC days in [p_from, p_to): every kind, from the donations themselves.
-- The rollup stores them for closed days; reads compute them for the days not closed yet.
CREATE OR REPLACE FUNCTION giving_day_rows(p_npo bigint, p_from timestamptz, p_to timestamptz)
RETURNS TABLE (day date, kind text, recurring boolean, campaign_id bigint, method text, amount bigint,
  status text, currency text, donations integer, gifts integer, gross bigint, net bigint, gift_net bigint,
  amount_minor bigint)
LANGUAGE sql STABLE AS $$
  WITH g AS MATERIALIZED (
    SELECT (c.created_at AT TIME ZONE 'UTC')::date AS day, c.interval <> 'once' AS recurring, c.campaign_id,
      coalesce(nullif(c.payment_method, ''), 'other') AS method, c.gross, c.amount, c.is_gift
    FROM counted_gifts(p_npo, p_from, p_to) c
  )
  SELECT g.day, 'total', g.recurring, NULL::bigint, '', 0::bigint, '', '', count(*)::int,
    (count(*) FILTER (WHERE g.is_gift))::int, sum(g.gross)::bigint, sum(g.amount)::bigint,
    coalesce(sum(g.amount) FILTER (WHERE g.is_gift), 0)::bigint, 0::bigint
  FROM g GROUP BY g.day, g.recurring
  UNION ALL
  SELECT g.day, 'campaign', false, g.campaign_id, '', 0, '', '', count(*)::int,
    (count(*) FILTER (WHERE g.is_gift))::int, sum(g.gross)::bigint, sum(g.amount)::bigint,
    coalesce(sum(g.amount) FILTER (WHERE g.is_gift), 0)::bigint, 0
  FROM g GROUP BY g.day, g.campaign_id
  UNION ALL
  SELECT g.day, 'method', false, NULL, g.method, 0, '', '', count(*)::int,
    (count(*) FILTER (WHERE g.is_gift))::int, sum(g.gross)::bigint, sum(g.amount)::bigint,
    coalesce(sum(g.amount) FILTER (WHERE g.is_gift), 0)::bigint, 0
  FROM g GROUP BY g.day, g.method
  UNION ALL
  SELECT g.day, 'amount', false, NULL, '', g.amount, '', '', count(*)::int, count(*)::int,
    sum(g.gross)::bigint, sum(g.amount)::bigint, sum(g.amount)::bigint, 0
  FROM g WHERE g.is_gift GROUP BY g.day, g.amount
  UNION ALL
  SELECT (d.created_at AT TIME ZONE 'UTC')::date, 'list', false, NULL, '', 0, d.status, d.currency, count(*)::int, 0,
    sum(d.base_amount_minor)::bigint, 0, 0, sum(d.amount_minor)::bigint
  FROM donations d
  WHERE d.npo_id = p_npo AND d.created_at >= p_from AND d.created_at < p_to
  GROUP BY 1, d.status, d.currency
$$;
--> statement-breakpoint
-- Re-sums the UTC days p_first..p_last of one organisation. Advisory lock (7101, npo) keeps two
-- re-sums of one organisation from interleaving: the second waits, then reads what the first
-- committed.
CREATE OR REPLACE FUNCTION rebuild_giving_days(p_npo bigint, p_first date, p_last date) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7101, p_npo::int);
  DELETE FROM giving_days WHERE npo_id = p_npo AND day >= p_first AND day <= p_last;
  INSERT INTO giving_days (npo_id, day, kind, recurring, campaign_id, method, amount, status, currency,
    donations, gifts, gross, net, gift_net, amount_minor)
  SELECT p_npo, r.* FROM giving_day_rows(p_npo,
    CASE WHEN p_first = '-infinity'::date THEN '-infinity'::timestamptz ELSE p_first::timestamp AT TIME ZONE 'UTC' END,
    (p_last + 1)::timestamp AT TIME ZONE 'UTC') r;
END $$;
--> statement-breakpoint
-- Sums every day of one organisation up to p_through that is not summed yet and moves its closed
-- mark there. The exclusive advisory lock (7100, npo) waits for every transaction that wrote a
-- donation of the organisation and saw its day still open (they hold the lock shared until they
-- end), so the sums include them; a writer coming after sees the day closed and re-sums it itself.
-- Callers set a lock_timeout: while it waits, new donations of the organisation wait too.
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
  INSERT INTO giving_days_closed (npo_id, through) VALUES (p_npo, p_through)
  ON CONFLICT (npo_id) DO UPDATE SET through = EXCLUDED.through;
  RETURN p_through;
END $$;
--> statement-breakpoint
-- A write touched these (organisation, UTC day) pairs: re-sum the closed ones. The shared lock
-- (7100, npo), held until the transaction ends, keeps an open day open until then (see
-- close_giving_days). Today's gifts, the checkout's hot path, only take the lock and read the mark.
CREATE OR REPLACE FUNCTION refresh_closed_giving_days(p_npo_ids bigint[], p_days date[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT DISTINCT t.npo_id, t.day FROM unnest(p_npo_ids, p_days) AS t(npo_id, day)
    WHERE t.npo_id IS NOT NULL ORDER BY 1, 2
  LOOP
    PERFORM pg_advisory_xact_lock_shared(7100, r.npo_id::int);
    IF EXISTS (SELECT 1 FROM giving_days_closed c WHERE c.npo_id = r.npo_id AND c.through >= r.day) THEN
      PERFORM rebuild_giving_days(r.npo_id, r.day, r.day);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donations_inserted_refresh_giving_days() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_closed_giving_days(
    ARRAY(SELECT npo_id FROM inserted_rows), ARRAY(SELECT (created_at AT TIME ZONE 'UTC')::date FROM inserted_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER donations_giving_days_insert AFTER INSERT ON donations
  REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION donations_inserted_refresh_giving_days();
--> statement-breakpoint
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER donations_giving_days_update AFTER UPDATE ON donations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION donations_updated_refresh_giving_days();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_inserted_refresh_giving_days() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_closed_giving_days(array_agg(d.npo_id), array_agg((d.created_at AT TIME ZONE 'UTC')::date))
  FROM inserted_rows l JOIN donations d ON d.id = l.donation_id
  WHERE l.kind IN ('refund', 'dispute');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_giving_days_insert AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_inserted_refresh_giving_days();
--> statement-breakpoint
-- The donor totals count recurring gifts too (account_details' recurring donors): the functions that
-- keep them are replaced in migration 'last_year_giving', which adds last year's giving as well.
CREATE OR REPLACE FUNCTION donations_updated_refresh_giving() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_donor_giving(ARRAY(
    SELECT DISTINCT x.donor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.donor_id), (n.donor_id)) AS x(donor_id)
    WHERE o.status IS DISTINCT FROM n.status OR o.donor_id IS DISTINCT FROM n.donor_id
      OR o.base_amount_minor IS DISTINCT FROM n.base_amount_minor OR o.created_at IS DISTINCT FROM n.created_at
      OR o.interval IS DISTINCT FROM n.interval));
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE donor_giving g SET recurring_gift_count = s.n
FROM (
  SELECT donor_id, count(*)::int AS n FROM donations
  WHERE status = 'succeeded' AND interval <> 'once' GROUP BY donor_id
) s
WHERE s.donor_id = g.donor_id;
--> statement-breakpoint
-- The days of existing donations, summed up to yesterday.
SELECT close_giving_days(id, (now() AT TIME ZONE 'UTC')::date - 1) FROM npos;
--> statement-breakpoint
-- One covering index for the period scans of the donations list's totals and the analysis module
-- (their two indexes had the same key): status for the status filters, one index fewer to write per gift.
CREATE INDEX IF NOT EXISTS donations_npo_period_idx ON donations (npo_id, created_at)
  INCLUDE (status, currency, amount_minor, base_amount_minor, donor_id, campaign_id, payment_method, interval);
--> statement-breakpoint
DROP INDEX IF EXISTS donations_npo_totals_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS donations_npo_analysis_idx;
