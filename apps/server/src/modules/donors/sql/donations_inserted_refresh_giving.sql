-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- A new gift adds to its donor's totals instead of recomputing them from every gift of the donor:
-- recording a donation is the checkout's hot path, and the recompute cost more than the rest of
-- the donation statement together. An insert only ever adds (count + n, total + sum, earliest and
-- latest dates), so the delta is as exact as the recompute. It takes the same donor row locks first,
-- in id order, so a recompute running beside it (a refund, a merge) still waits for it and then sees
-- its committed gift. Updates, refunds and merges keep recomputing (decision 009).
-- A donations import sets kindling.defer_donor_giving for its batches and re-sums its donors' totals
-- once, at the end of its run (docs/decisions/102-streaming-donation-import.md, "Recording speed"):
-- historic gifts land before their donors' last gifts, which made every batch re-sum last year's giving.

CREATE OR REPLACE FUNCTION public.donations_inserted_refresh_giving()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_resum bigint[];
BEGIN
  IF current_setting('kindling.defer_donor_giving', true) = 'on' THEN
    RETURN NULL;
  END IF;
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
      giving_year_start(greatest(g.last_gift_at, ng.last_at), n.fiscal_year_start_month, n.time_zone) AS year_start
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
END $function$
;

DROP TRIGGER IF EXISTS donations_giving_insert ON public.donations;
CREATE TRIGGER donations_giving_insert AFTER INSERT ON public.donations REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION donations_inserted_refresh_giving();
