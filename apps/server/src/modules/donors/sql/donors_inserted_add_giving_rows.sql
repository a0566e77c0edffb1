-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Every donor has a donor_giving row from the start, so the donors list can join it inside and
-- read it in index order. A donations import's batches (kindling.defer_donor_giving) leave the rows of
-- the donors they create to the re-sum at the end of the run, which inserts them
-- (docs/decisions/102-streaming-donation-import.md, "Recording speed").

CREATE OR REPLACE FUNCTION public.donors_inserted_add_giving_rows()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF current_setting('kindling.defer_donor_giving', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO donor_giving (donor_id, npo_id) SELECT id, npo_id FROM inserted_rows ON CONFLICT (donor_id) DO NOTHING;
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS donors_giving_row ON public.donors;
CREATE TRIGGER donors_giving_row AFTER INSERT ON public.donors REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION donors_inserted_add_giving_rows();
