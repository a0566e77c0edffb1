-- giving_year_start gains the organisation's time zone as a third argument (decision 027), which
-- CREATE OR REPLACE cannot do to the two-argument function: it is dropped here and
-- modules/donors/sql/giving_year_start.sql creates the new one in the same run.
DROP FUNCTION IF EXISTS giving_year_start(timestamptz, integer);
