-- A new gift adds to its donor's totals instead of recomputing them from every gift of the donor:
-- recording a donation is the checkout's hot path, and the recompute cost more than the rest of
-- the donation statement together. An insert only ever adds (count + n, total + sum, earliest and
-- latest dates), so the delta is as exact as the recompute. It takes the same donor row locks first,
-- in id order, so a recompute running beside it (a refund, a merge) still waits for it and then sees
-- its committed gift. Updates, refunds and merges keep recomputing (decision 009).
CREATE OR REPLACE FUNCTION donations_inserted_refresh_giving() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM donors
  WHERE id IN (SELECT donor_id FROM inserted_rows WHERE status IN ('succeeded', 'refunded'))
  ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO donor_giving AS g (donor_id, npo_id, gift_count, lifetime_base_minor, first_gift_at, last_gift_at)
  SELECT donor_id, min(npo_id), count(*) FILTER (WHERE status = 'succeeded'), sum(base_amount_minor),
    min(created_at) FILTER (WHERE status = 'succeeded'), max(created_at) FILTER (WHERE status = 'succeeded')
  FROM inserted_rows WHERE status IN ('succeeded', 'refunded') GROUP BY donor_id
  ON CONFLICT (donor_id) DO UPDATE SET
    gift_count = g.gift_count + EXCLUDED.gift_count,
    lifetime_base_minor = g.lifetime_base_minor + EXCLUDED.lifetime_base_minor,
    first_gift_at = least(g.first_gift_at, EXCLUDED.first_gift_at),
    last_gift_at = greatest(g.last_gift_at, EXCLUDED.last_gift_at);
  RETURN NULL;
END $$;
