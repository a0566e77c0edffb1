-- Custom SQL migration file, put your code below! ---- Donor giving totals, kept by the database itself (see donor-giving.tables.ts). Each trigger
-- recomputes the donor's whole row from the source rows instead of adding deltas, so it is exact by
-- construction; it first locks the donor's row, so concurrent writers for one donor recompute one
-- after the other and each sees the other's committed gifts (READ COMMITTED takes a new snapshot per
-- statement).
CREATE OR REPLACE FUNCTION refresh_donor_giving(p_donor_id bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_npo_id bigint;
BEGIN
  SELECT npo_id INTO v_npo_id FROM donors WHERE id = p_donor_id FOR NO KEY UPDATE;
  IF v_npo_id IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO donor_giving AS g (donor_id, npo_id, gift_count, lifetime_base_minor, first_gift_at, last_gift_at)
  SELECT p_donor_id, v_npo_id,
    count(*) FILTER (WHERE d.status = 'succeeded'),
    coalesce(sum(d.base_amount_minor), 0)
      + coalesce((SELECT sum(l.base_amount_minor) FROM ledger_entries l
                  JOIN donations x ON x.id = l.donation_id
                  WHERE x.donor_id = p_donor_id AND l.kind IN ('refund', 'dispute')), 0),
    min(d.created_at) FILTER (WHERE d.status = 'succeeded'),
    max(d.created_at) FILTER (WHERE d.status = 'succeeded')
  FROM donations d
  WHERE d.donor_id = p_donor_id AND d.status IN ('succeeded', 'refunded')
  ON CONFLICT (donor_id) DO UPDATE SET
    npo_id = EXCLUDED.npo_id,
    gift_count = EXCLUDED.gift_count,
    lifetime_base_minor = EXCLUDED.lifetime_base_minor,
    first_gift_at = EXCLUDED.first_gift_at,
    last_gift_at = EXCLUDED.last_gift_at;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION donations_refresh_donor_giving() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_donor_giving(NEW.donor_id);
  IF TG_OP = 'UPDATE' AND OLD.donor_id IS DISTINCT FROM NEW.donor_id THEN
    PERFORM refresh_donor_giving(OLD.donor_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER donations_giving_insert AFTER INSERT ON donations
  FOR EACH ROW WHEN (NEW.status IN ('succeeded', 'refunded'))
  EXECUTE FUNCTION donations_refresh_donor_giving();
--> statement-breakpoint
CREATE TRIGGER donations_giving_update AFTER UPDATE OF status, donor_id, base_amount_minor, created_at ON donations
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.donor_id IS DISTINCT FROM NEW.donor_id
    OR OLD.base_amount_minor IS DISTINCT FROM NEW.base_amount_minor OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION donations_refresh_donor_giving();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_refresh_donor_giving() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_donor_giving((SELECT donor_id FROM donations WHERE id = NEW.donation_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_giving_insert AFTER INSERT ON ledger_entries
  FOR EACH ROW WHEN (NEW.kind IN ('refund', 'dispute'))
  EXECUTE FUNCTION ledger_refresh_donor_giving();
--> statement-breakpoint
-- Donors recorded before this migration.
INSERT INTO donor_giving (donor_id, npo_id, gift_count, lifetime_base_minor, first_gift_at, last_gift_at)
SELECT dn.id, dn.npo_id,
  count(d.id) FILTER (WHERE d.status = 'succeeded'),
  coalesce(sum(d.base_amount_minor) FILTER (WHERE d.status IN ('succeeded', 'refunded')), 0)
    + coalesce((SELECT sum(l.base_amount_minor) FROM ledger_entries l JOIN donations x ON x.id = l.donation_id
                WHERE x.donor_id = dn.id AND l.kind IN ('refund', 'dispute')), 0),
  min(d.created_at) FILTER (WHERE d.status = 'succeeded'),
  max(d.created_at) FILTER (WHERE d.status = 'succeeded')
FROM donors dn LEFT JOIN donations d ON d.donor_id = dn.id
GROUP BY dn.id, dn.npo_id
ON CONFLICT (donor_id) DO NOTHING;
--> statement-breakpoint
-- The donors list's search (name, e-mail, postcode) with a substring match.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS donors_search_trgm_idx ON donors USING gin (
  (lower(first_name || ' ' || last_name || ' ' || email || ' ' || postal_code)) gin_trgm_ops);
--> statement-breakpoint
-- A donor's gifts in date order (profile timeline, statements, the trigger's recompute).
CREATE INDEX IF NOT EXISTS donations_donor_created_idx ON donations (donor_id, created_at);
