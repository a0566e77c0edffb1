-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Re-sums the given report_donor_years keys (organisation, year, donor; parallel arrays)
-- from the gifts (decision 103): a key with no gift left loses its row. Locks the donors first, in
-- id order, as refresh_donor_giving does, so a gift inserted beside it (whose trigger adds to the
-- same rows under the same locks) is counted once.

CREATE OR REPLACE FUNCTION public.refresh_report_donor_years(p_npo bigint[], p_year date[], p_donor bigint[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF p_donor IS NULL OR cardinality(p_donor) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM donors WHERE id = ANY (p_donor) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM report_donor_years r
  USING unnest(p_npo, p_year, p_donor) AS k(npo_id, year, donor_id)
  WHERE r.npo_id = k.npo_id AND r.year = k.year AND r.donor_id = k.donor_id;
  INSERT INTO report_donor_years (npo_id, year, donor_id, gifts, gross, last_at, campaigns)
  SELECT k.npo_id, k.year, k.donor_id, count(*)::int, sum(d.base_amount_minor)::bigint, max(d.created_at),
    array_agg(DISTINCT coalesce(d.campaign_id, 0) ORDER BY coalesce(d.campaign_id, 0))
  FROM (SELECT DISTINCT * FROM unnest(p_npo, p_year, p_donor) AS u(npo_id, year, donor_id)) k
  JOIN npos n ON n.id = k.npo_id
  JOIN donations d ON d.donor_id = k.donor_id AND d.npo_id = k.npo_id
    AND d.created_at >= k.year::timestamp AT TIME ZONE n.time_zone
    AND d.created_at < (k.year + interval '1 year') AT TIME ZONE n.time_zone
    AND d.status IN ('succeeded', 'refunded')
  GROUP BY k.npo_id, k.year, k.donor_id;
END $function$
;
