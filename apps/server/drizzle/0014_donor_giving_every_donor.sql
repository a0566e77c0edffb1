-- Custom SQL migration file, put your code below! ---- Every donor has a donor_giving row from the start, so the donors list can join it inside and
-- read it in index order.
CREATE OR REPLACE FUNCTION donors_add_giving_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO donor_giving (donor_id, npo_id) VALUES (NEW.id, NEW.npo_id) ON CONFLICT (donor_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER donors_giving_row AFTER INSERT ON donors
  FOR EACH ROW EXECUTE FUNCTION donors_add_giving_row();
--> statement-breakpoint
INSERT INTO donor_giving (donor_id, npo_id) SELECT id, npo_id FROM donors ON CONFLICT (donor_id) DO NOTHING;
--> statement-breakpoint
-- The donors list sorted by name.
CREATE INDEX IF NOT EXISTS donors_npo_name_idx ON donors (npo_id, lower(last_name), lower(first_name), id);
