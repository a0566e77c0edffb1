-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Re-sums the days p_first..p_last (in the organisation's time zone, decision 027) of one organisation. Advisory lock (7101, npo) keeps two
-- re-sums of one organisation from interleaving: the second waits, then reads what the first
-- committed.

CREATE OR REPLACE FUNCTION public.rebuild_giving_days(p_npo bigint, p_first date, p_last date)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_zone text := (SELECT n.time_zone FROM npos n WHERE n.id = p_npo);
BEGIN
  PERFORM pg_advisory_xact_lock(7101, p_npo::int);
  DELETE FROM giving_days WHERE npo_id = p_npo AND day >= p_first AND day <= p_last;
  INSERT INTO giving_days (npo_id, day, kind, recurring, campaign_id, method, amount, status, currency,
    donations, gifts, gross, net, gift_net, amount_minor)
  SELECT p_npo, r.* FROM giving_day_rows(p_npo,
    CASE WHEN p_first = '-infinity'::date THEN '-infinity'::timestamptz ELSE p_first::timestamp AT TIME ZONE v_zone END,
    (p_last + 1)::timestamp AT TIME ZONE v_zone) r;
  -- The income report's day sums close and re-sum with these (decision 085).
  PERFORM rebuild_report_days(p_npo, p_first, p_last);
END $function$
;
