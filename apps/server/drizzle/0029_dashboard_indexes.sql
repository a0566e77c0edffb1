-- Dashboard reads at a million donations (decision 013).
-- A plan's base-currency rate, from its first gift, so monthly recurring revenue needs no join to
-- the donations; kept by a trigger for every way a plan is made.
CREATE OR REPLACE FUNCTION recurring_plans_set_base_rate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT d.base_amount_minor::numeric / nullif(d.amount_minor, 0) INTO NEW.base_rate
  FROM donations d WHERE d.id = NEW.first_donation_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER recurring_plans_base_rate BEFORE INSERT OR UPDATE OF first_donation_id ON recurring_plans
  FOR EACH ROW EXECUTE FUNCTION recurring_plans_set_base_rate();
--> statement-breakpoint
UPDATE recurring_plans p SET base_rate = d.base_amount_minor::numeric / nullif(d.amount_minor, 0)
FROM donations d WHERE d.id = p.first_donation_id;
--> statement-breakpoint
-- LYBUNT's last-year giving sums each lapsed donor's gifts of one year from this index alone.
DROP INDEX IF EXISTS donations_donor_created_idx;
--> statement-breakpoint
CREATE INDEX donations_donor_created_idx ON donations (donor_id, created_at) INCLUDE (status, base_amount_minor);
--> statement-breakpoint
-- account_details counts donors, and new donors of the month, from here.
CREATE INDEX IF NOT EXISTS donors_npo_created_idx ON donors (npo_id, created_at);
