-- A database that ran the first committed text of migrations 0039 and 0040 (both edited afterwards,
-- before decision 019 made migrations immutable) keeps the returning donors' day rows as dates
-- (prev_days, first_days) where the code reads day gaps (prev_gaps, first_gaps), a
-- giving_day_return_rows answering dates, and the table compressed. Such a database gets the table
-- as a fresh one has it; its closed days are opened again, so they are summed live until the
-- periodic closing sums them again, as on a new installation. Any other database is left as it is.
DO $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = 'giving_day_returns' AND column_name = 'prev_days'
  ) THEN
    RETURN;
  END IF;
  -- Its result type changes, which CREATE OR REPLACE cannot do: the repeatable step creates it again
  -- from modules/analysis/sql/giving_day_return_rows.sql.
  DROP FUNCTION giving_day_return_rows(bigint, timestamptz, timestamptz, date[]);
  DROP TABLE giving_day_returns;
  CREATE TABLE "giving_day_returns" (
    "npo_id" bigint NOT NULL,
    "day" date NOT NULL,
    "firsts" integer DEFAULT 0 NOT NULL,
    "prev_gaps" smallint[] NOT NULL,
    "first_gaps" smallint[] NOT NULL,
    CONSTRAINT "giving_day_returns_npo_id_day_pk" PRIMARY KEY("npo_id","day")
  );
  ALTER TABLE "giving_day_returns" ADD CONSTRAINT "giving_day_returns_npo_id_npos_id_fk" FOREIGN KEY ("npo_id") REFERENCES "public"."npos"("id") ON DELETE no action ON UPDATE no action;
  ALTER TABLE giving_day_returns SET (toast_tuple_target = 8160);
  DELETE FROM giving_days_closed;
END $$;
