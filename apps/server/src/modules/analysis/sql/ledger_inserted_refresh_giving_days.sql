-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Refund and dispute rows change the day sums of their donation's day: re-sum it when it is closed.
-- Fee rows (covered by the donor, platform) change the income report's (decision 085).

CREATE OR REPLACE FUNCTION public.ledger_inserted_refresh_giving_days()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM inserted_rows WHERE kind IN ('refund', 'dispute', 'fee_covered', 'platform_fee')) THEN
    RETURN NULL;
  END IF;
  PERFORM refresh_closed_giving_days(array_agg(d.npo_id), array_agg((d.created_at AT TIME ZONE n.time_zone)::date))
  FROM inserted_rows l JOIN donations d ON d.id = l.donation_id JOIN npos n ON n.id = d.npo_id
  WHERE l.kind IN ('refund', 'dispute', 'fee_covered', 'platform_fee');
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS ledger_giving_days_insert ON public.ledger_entries;
CREATE TRIGGER ledger_giving_days_insert AFTER INSERT ON public.ledger_entries REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_inserted_refresh_giving_days();
