-- LYBUNT at a million donations (decision 013): each donor's giving in the giving year of their
-- last gift, kept on donor_giving. For a LYBUNT donor (last gift in the previous giving year) it is
-- exactly last year's giving, so the lapsed analysis reads it instead of summing a year of gifts.
CREATE OR REPLACE FUNCTION giving_year_start(p_at timestamptz, p_start_month integer) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
  SELECT make_date(
    extract(year FROM p_at AT TIME ZONE 'UTC')::int
      - CASE WHEN extract(month FROM p_at AT TIME ZONE 'UTC') < p_start_month THEN 1 ELSE 0 END,
    p_start_month, 1)::timestamp AT TIME ZONE 'UTC'
$$;
--> statement-breakpoint
-- The donor gifts index answers the sum alone (id and npo_id find each gift's refund rows).
DROP INDEX IF EXISTS donations_donor_created_idx;
--> statement-breakpoint
CREATE INDEX donations_donor_created_idx ON donations (donor_id, created_at)
  INCLUDE (status, base_amount_minor, id, npo_id);
--> statement-breakpoint
-- Re-sums last_gift_year_minor of the given donors: their succeeded and refunded gifts (net of refund
-- and dispute rows, the counted-gifts rule) in the giving year of their last gift, by their
-- organisation's fiscal year start.
-- A generic plan: re-planning the UPDATE for every gift (custom plans, the default for its array
-- parameter) cost more than running it.
CREATE OR REPLACE FUNCTION refresh_last_year_giving(p_ids bigint[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
    RETURN;
  END IF;
  UPDATE donor_giving g SET last_gift_year_minor = coalesce(y.amount, 0)
  FROM donor_giving g2
  JOIN npos n ON n.id = g2.npo_id
  LEFT JOIN LATERAL (
    SELECT sum(d.base_amount_minor + coalesce((
      SELECT sum(l.base_amount_minor) FROM ledger_entries l
      WHERE l.npo_id = d.npo_id AND l.donation_id = d.id AND l.kind IN ('refund', 'dispute')), 0)) AS amount
    FROM donations d
    WHERE d.donor_id = g2.donor_id AND d.status IN ('succeeded', 'refunded')
      AND d.created_at >= giving_year_start(g2.last_gift_at, n.fiscal_year_start_month)
      AND d.created_at < giving_year_start(g2.last_gift_at, n.fiscal_year_start_month) + interval '1 year'
  ) y ON g2.last_gift_at IS NOT NULL
  WHERE g2.donor_id = ANY (p_ids) AND g.donor_id = g2.donor_id
    AND g.last_gift_year_minor IS DISTINCT FROM coalesce(y.amount, 0);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_donor_giving(p_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM donors WHERE id = ANY (p_ids) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO donor_giving AS g (donor_id, npo_id, gift_count, recurring_gift_count, lifetime_base_minor,
    first_gift_at, last_gift_at)
  SELECT dn.id, dn.npo_id, coalesce(s.n, 0), coalesce(s.recurring, 0), coalesce(s.total, 0) + coalesce(r.total, 0),
    s.first_at, s.last_at
  FROM donors dn
  LEFT JOIN (
    SELECT donor_id, count(*) FILTER (WHERE status = 'succeeded') AS n,
      count(*) FILTER (WHERE status = 'succeeded' AND interval <> 'once') AS recurring,
      sum(base_amount_minor) AS total,
      min(created_at) FILTER (WHERE status = 'succeeded') AS first_at,
      max(created_at) FILTER (WHERE status = 'succeeded') AS last_at
    FROM donations WHERE donor_id = ANY (p_ids) AND status IN ('succeeded', 'refunded') GROUP BY donor_id
  ) s ON s.donor_id = dn.id
  LEFT JOIN (
    SELECT d.donor_id, sum(l.base_amount_minor) AS total
    FROM ledger_entries l JOIN donations d ON d.id = l.donation_id
    WHERE d.donor_id = ANY (p_ids) AND l.kind IN ('refund', 'dispute') GROUP BY d.donor_id
  ) r ON r.donor_id = dn.id
  WHERE dn.id = ANY (p_ids)
  ON CONFLICT (donor_id) DO UPDATE SET
    npo_id = EXCLUDED.npo_id,
    gift_count = EXCLUDED.gift_count,
    recurring_gift_count = EXCLUDED.recurring_gift_count,
    lifetime_base_minor = EXCLUDED.lifetime_base_minor,
    first_gift_at = EXCLUDED.first_gift_at,
    last_gift_at = EXCLUDED.last_gift_at;
  PERFORM refresh_last_year_giving(p_ids);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donations_inserted_refresh_giving() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_resum bigint[];
BEGIN
  PERFORM 1 FROM donors
  WHERE id IN (SELECT donor_id FROM inserted_rows WHERE status IN ('succeeded', 'refunded'))
  ORDER BY id FOR NO KEY UPDATE;
  -- Last year's giving is added to as well when that is exact: every new gift falls in the giving
  -- year of the donor's (new) last gift, and the old sum is of that same year (or there was nothing
  -- before). Otherwise (a gift opening a new giving year, a back-dated one) it is re-summed.
  WITH new_gifts AS (
    SELECT donor_id, min(npo_id) AS npo_id, count(*) FILTER (WHERE status = 'succeeded') AS n,
      count(*) FILTER (WHERE status = 'succeeded' AND interval <> 'once') AS recurring, sum(base_amount_minor) AS total,
      min(created_at) FILTER (WHERE status = 'succeeded') AS first_at,
      max(created_at) FILTER (WHERE status = 'succeeded') AS last_at,
      min(created_at) AS earliest, max(created_at) AS latest
    FROM inserted_rows WHERE status IN ('succeeded', 'refunded') GROUP BY donor_id
  ),
  placed AS (
    SELECT ng.*, g.last_gift_at AS old_last, coalesce(g.lifetime_base_minor, 0) AS old_lifetime,
      coalesce(g.last_gift_year_minor, 0) AS old_year,
      giving_year_start(greatest(g.last_gift_at, ng.last_at), n.fiscal_year_start_month) AS year_start
    FROM new_gifts ng JOIN npos n ON n.id = ng.npo_id LEFT JOIN donor_giving g ON g.donor_id = ng.donor_id
  ),
  judged AS (
    SELECT p.*, p.year_start IS NULL OR (p.earliest >= p.year_start AND p.latest < p.year_start + interval '1 year'
      AND (p.old_last >= p.year_start OR (p.old_last IS NULL AND p.old_lifetime = 0))) AS exact
    FROM placed p
  ),
  saved AS (
    INSERT INTO donor_giving AS g (donor_id, npo_id, gift_count, recurring_gift_count, lifetime_base_minor,
      first_gift_at, last_gift_at, last_gift_year_minor)
    SELECT donor_id, npo_id, n, recurring, total, first_at, last_at,
      CASE WHEN exact AND year_start IS NOT NULL THEN old_year + total ELSE old_year END
    FROM judged
    ON CONFLICT (donor_id) DO UPDATE SET
      gift_count = g.gift_count + EXCLUDED.gift_count,
      recurring_gift_count = g.recurring_gift_count + EXCLUDED.recurring_gift_count,
      lifetime_base_minor = g.lifetime_base_minor + EXCLUDED.lifetime_base_minor,
      first_gift_at = least(g.first_gift_at, EXCLUDED.first_gift_at),
      last_gift_at = greatest(g.last_gift_at, EXCLUDED.last_gift_at),
      last_gift_year_minor = EXCLUDED.last_gift_year_minor
    RETURNING g.donor_id
  )
  SELECT array_agg(j.donor_id) FILTER (WHERE NOT j.exact) INTO v_resum FROM judged j;
  IF v_resum IS NOT NULL THEN
    PERFORM refresh_last_year_giving(v_resum);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Another fiscal year start moves every donor's giving year.
CREATE OR REPLACE FUNCTION npos_fiscal_year_refresh_giving() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_last_year_giving(ARRAY(SELECT donor_id FROM donor_giving WHERE npo_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER npos_fiscal_year_giving AFTER UPDATE OF fiscal_year_start_month ON npos
  FOR EACH ROW WHEN (OLD.fiscal_year_start_month IS DISTINCT FROM NEW.fiscal_year_start_month)
  EXECUTE FUNCTION npos_fiscal_year_refresh_giving();
--> statement-breakpoint
SELECT refresh_last_year_giving(ARRAY(SELECT donor_id FROM donor_giving WHERE last_gift_at IS NOT NULL));
