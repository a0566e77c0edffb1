-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- LYBUNT at a million donations (decision 013): each donor's giving in the giving year of their
-- last gift, kept on donor_giving. For a LYBUNT donor (last gift in the previous giving year) it is
-- exactly last year's giving, so the lapsed analysis reads it instead of summing a year of gifts.
-- The year starts at midnight in the organisation's time zone (p_zone, decision 027).

CREATE OR REPLACE FUNCTION public.giving_year_start(p_at timestamp with time zone, p_start_month integer, p_zone text)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT make_date(
    extract(year FROM p_at AT TIME ZONE p_zone)::int
      - CASE WHEN extract(month FROM p_at AT TIME ZONE p_zone) < p_start_month THEN 1 ELSE 0 END,
    p_start_month, 1)::timestamp AT TIME ZONE p_zone
$function$
;
