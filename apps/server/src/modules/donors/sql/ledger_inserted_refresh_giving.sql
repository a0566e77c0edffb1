-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Refund and dispute rows change their donor's lifetime giving: recompute those donors' totals.

CREATE OR REPLACE FUNCTION public.ledger_inserted_refresh_giving()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM refresh_donor_giving(ARRAY(
    SELECT DISTINCT d.donor_id FROM inserted_rows l JOIN donations d ON d.id = l.donation_id
    WHERE l.kind IN ('refund', 'dispute')));
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS ledger_giving_insert ON public.ledger_entries;
CREATE TRIGGER ledger_giving_insert AFTER INSERT ON public.ledger_entries REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_inserted_refresh_giving();
