-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- A new gift adds to its donor's year row (decision 103): one upsert of the row of its
-- organisation, calendar year (the organisation's time zone) and donor, adding count, gross,
-- last instant and, when new to the row, its campaign. Only that
-- donor's gifts share the row, so checkouts of different donors never wait on each other (the
-- reason the day sums are not added to on insert, decision 085). The donors' rows are already
-- locked by donations_giving_insert, which runs first (triggers fire in name order). A donations
-- import's batches (kindling.defer_donor_giving) leave their year rows to one re-sum at the end of the
-- run (docs/decisions/102-streaming-donation-import.md, "Recording speed").

CREATE OR REPLACE FUNCTION public.donations_inserted_report_donor_years()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF current_setting('kindling.defer_donor_giving', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO report_donor_years AS r (npo_id, year, donor_id, gifts, gross, last_at, campaigns)
  SELECT i.npo_id, date_trunc('year', i.created_at AT TIME ZONE n.time_zone)::date, i.donor_id,
    count(*)::int, sum(i.base_amount_minor)::bigint, max(i.created_at),
    array_agg(DISTINCT coalesce(i.campaign_id, 0) ORDER BY coalesce(i.campaign_id, 0))
  FROM inserted_rows i JOIN npos n ON n.id = i.npo_id
  WHERE i.status IN ('succeeded', 'refunded')
  GROUP BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT report_donor_years_key_uq DO UPDATE SET
    gifts = r.gifts + EXCLUDED.gifts,
    gross = r.gross + EXCLUDED.gross,
    last_at = greatest(r.last_at, EXCLUDED.last_at),
    -- The row's campaigns and the new gifts' ones, once each, ascending (a donor's few campaigns).
    campaigns = CASE WHEN EXCLUDED.campaigns <@ r.campaigns THEN r.campaigns
      ELSE ARRAY(SELECT DISTINCT c FROM unnest(r.campaigns || EXCLUDED.campaigns) c ORDER BY c) END;
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS donations_report_donor_years_insert ON public.donations;
CREATE TRIGGER donations_report_donor_years_insert AFTER INSERT ON public.donations REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION donations_inserted_report_donor_years();
