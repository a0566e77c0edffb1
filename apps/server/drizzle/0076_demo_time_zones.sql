-- The demo organisations get the time zones and locales a fresh demo has (decision 027): Riverside
-- Food Bank New York, Northern Lights Animal Rescue London. Every other organisation keeps UTC, the
-- zone its days were cut in until now, so its figures do not move.
UPDATE npos SET time_zone = 'America/New_York', locale = 'en-US'
WHERE slug = 'riverside-food-bank' AND name = 'Riverside Food Bank' AND time_zone = 'UTC';
--> statement-breakpoint
UPDATE npos SET time_zone = 'Europe/London', locale = 'en-GB'
WHERE slug = 'northern-lights-rescue' AND name = 'Northern Lights Animal Rescue' AND time_zone = 'UTC';
--> statement-breakpoint
-- Their stored days were cut at UTC midnight: they are opened again, so they are summed live (in
-- the new zone, once the repeatable step has applied the functions) until the periodic closing sums
-- them again, as migration 0045 does. The functions are not called here: this migration runs
-- before the repeatable step, with the definitions of the database's past (decision 019).
DELETE FROM giving_days_closed WHERE npo_id IN (SELECT id FROM npos WHERE time_zone <> 'UTC');
--> statement-breakpoint
-- Each donor's giving in the giving year of their last gift, with the year cut in the zone (the SQL
-- of refresh_last_year_giving and giving_year_start as modules/donors/sql now defines them).
UPDATE donor_giving g SET last_gift_year_minor = coalesce(y.amount, 0)
FROM donor_giving g2
JOIN npos n ON n.id = g2.npo_id
CROSS JOIN LATERAL (
  SELECT make_date(
    extract(year FROM g2.last_gift_at AT TIME ZONE n.time_zone)::int
      - CASE WHEN extract(month FROM g2.last_gift_at AT TIME ZONE n.time_zone) < n.fiscal_year_start_month THEN 1 ELSE 0 END,
    n.fiscal_year_start_month, 1) AS first_day
) ys
LEFT JOIN LATERAL (
  SELECT sum(d.base_amount_minor + coalesce((
    SELECT sum(l.base_amount_minor) FROM ledger_entries l
    WHERE l.npo_id = d.npo_id AND l.donation_id = d.id AND l.kind IN ('refund', 'dispute')), 0)) AS amount
  FROM donations d
  WHERE d.donor_id = g2.donor_id AND d.status IN ('succeeded', 'refunded')
    AND d.created_at >= ys.first_day::timestamp AT TIME ZONE n.time_zone
    AND d.created_at < (ys.first_day + interval '1 year') AT TIME ZONE n.time_zone
) y ON true
WHERE n.time_zone <> 'UTC' AND g2.last_gift_at IS NOT NULL AND g.donor_id = g2.donor_id
  AND g.last_gift_year_minor IS DISTINCT FROM coalesce(y.amount, 0);
