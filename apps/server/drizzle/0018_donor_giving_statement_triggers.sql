-- Custom SQL migration file, put your code below! ---- The donor_giving triggers become statement-level with transition tables: one set-based recompute
-- per statement instead of one per row, so a bulk INSERT ... SELECT of a million gifts (imports,
-- benchmarks) recomputes each touched donor once, while a single gift costs what it did. Still a
-- recompute from the source rows (exact by construction), after locking the touched donors in id
-- order (concurrent writers for one donor take turns and see each other's committed rows).
DROP TRIGGER IF EXISTS donations_giving_insert ON donations;
--> statement-breakpoint
DROP TRIGGER IF EXISTS donations_giving_update ON donations;
--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_giving_insert ON ledger_entries;
--> statement-breakpoint
DROP TRIGGER IF EXISTS donors_giving_row ON donors;
--> statement-breakpoint
DROP FUNCTION IF EXISTS donations_refresh_donor_giving();
--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_refresh_donor_giving();
--> statement-breakpoint
DROP FUNCTION IF EXISTS donors_add_giving_row();
--> statement-breakpoint
DROP FUNCTION IF EXISTS refresh_donor_giving(bigint);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_donor_giving(p_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM donors WHERE id = ANY (p_ids) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO donor_giving AS g (donor_id, npo_id, gift_count, lifetime_base_minor, first_gift_at, last_gift_at)
  SELECT dn.id, dn.npo_id, coalesce(s.n, 0), coalesce(s.total, 0) + coalesce(r.total, 0), s.first_at, s.last_at
  FROM donors dn
  LEFT JOIN (
    SELECT donor_id, count(*) FILTER (WHERE status = 'succeeded') AS n, sum(base_amount_minor) AS total,
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
    lifetime_base_minor = EXCLUDED.lifetime_base_minor,
    first_gift_at = EXCLUDED.first_gift_at,
    last_gift_at = EXCLUDED.last_gift_at;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donations_inserted_refresh_giving() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_donor_giving(ARRAY(
    SELECT DISTINCT donor_id FROM inserted_rows WHERE status IN ('succeeded', 'refunded')));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER donations_giving_insert AFTER INSERT ON donations
  REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION donations_inserted_refresh_giving();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donations_updated_refresh_giving() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_donor_giving(ARRAY(
    SELECT DISTINCT x.donor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.donor_id), (n.donor_id)) AS x(donor_id)
    WHERE o.status IS DISTINCT FROM n.status OR o.donor_id IS DISTINCT FROM n.donor_id
      OR o.base_amount_minor IS DISTINCT FROM n.base_amount_minor OR o.created_at IS DISTINCT FROM n.created_at));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER donations_giving_update AFTER UPDATE ON donations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION donations_updated_refresh_giving();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_inserted_refresh_giving() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_donor_giving(ARRAY(
    SELECT DISTINCT d.donor_id FROM inserted_rows l JOIN donations d ON d.id = l.donation_id
    WHERE l.kind IN ('refund', 'dispute')));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_giving_insert AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_inserted_refresh_giving();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donors_inserted_add_giving_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO donor_giving (donor_id, npo_id) SELECT id, npo_id FROM inserted_rows ON CONFLICT (donor_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER donors_giving_row AFTER INSERT ON donors
  REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION donors_inserted_add_giving_rows();
