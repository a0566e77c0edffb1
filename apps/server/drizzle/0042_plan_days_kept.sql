-- Recurring plans counted per UTC day (plan_days, decision 017), kept like giving_days (decision
-- 014): stored for closed days, re-summed by a trigger when a plan's figures change, computed live
-- for later days by the same function.
--
-- plan_day_rows: the rows of the UTC days in [p_from, p_to), or of only those of p_days when given.
-- The analysis module's plan rules, in one place:
-- - a plan's charge per month in base currency: its amount at its first gift's rate (base_rate),
--   each interval normalised to a month (a year has 52 weeks and 365 days), numeric;
-- - it stopped running when cancelled, or when it failed (its last update), and it ran unless it
--   never had a saved payment method; `runs` also requires that it did not stop before it started,
--   so a plan running at the start of a day d is one whose 'started' row is before d and whose
--   'ended' row is not;
-- - `exhausted`: failed after its last retry (churn by failure).
CREATE OR REPLACE FUNCTION plan_day_rows(p_npo bigint, p_from timestamptz, p_to timestamptz,
  p_days date[] DEFAULT NULL)
RETURNS TABLE (day date, kind text, status text, runs boolean, exhausted boolean, plans integer,
  monthly_base numeric)
LANGUAGE sql STABLE AS $$
  WITH facts AS (
    SELECT p.started_at, e.ended_at, p.status,
      coalesce(p.failure_reason, '') <> 'no_saved_payment_method'
        AND (e.ended_at IS NULL OR e.ended_at >= p.started_at) AS runs,
      p.status = 'failed' AND p.failure_reason IS NOT DISTINCT FROM 'retries_exhausted' AS exhausted,
      p.amount_minor::numeric * p.base_rate
        * CASE p.interval WHEN 'daily' THEN 365.0 / 12 WHEN 'weekly' THEN 52.0 / 12 WHEN 'monthly' THEN 1
          WHEN 'quarterly' THEN 1.0 / 3 WHEN 'yearly' THEN 1.0 / 12 ELSE 0 END AS monthly_base
    FROM recurring_plans p
    CROSS JOIN LATERAL (
      SELECT coalesce(p.cancelled_at, CASE WHEN p.status = 'failed' THEN p.updated_at END) AS ended_at
    ) e
    WHERE p.npo_id = p_npo AND (
      (p.started_at >= p_from AND p.started_at < p_to)
      OR ((p.cancelled_at IS NOT NULL OR p.status = 'failed')
        AND coalesce(p.cancelled_at, CASE WHEN p.status = 'failed' THEN p.updated_at END) >= p_from
        AND coalesce(p.cancelled_at, CASE WHEN p.status = 'failed' THEN p.updated_at END) < p_to))
  )
  SELECT x.day, x.kind, x.status, x.runs, x.exhausted, count(*)::int, coalesce(sum(x.monthly_base), 0)
  FROM (
    SELECT (f.started_at AT TIME ZONE 'UTC')::date AS day, 'started' AS kind, f.status, f.runs, f.exhausted,
      f.monthly_base
    FROM facts f WHERE f.started_at >= p_from AND f.started_at < p_to
    UNION ALL
    SELECT (f.ended_at AT TIME ZONE 'UTC')::date, 'ended', f.status, f.runs, f.exhausted, f.monthly_base
    FROM facts f WHERE f.ended_at >= p_from AND f.ended_at < p_to
  ) x
  WHERE p_days IS NULL OR x.day = ANY (p_days)
  GROUP BY x.day, x.kind, x.status, x.runs, x.exhausted
$$;
--> statement-breakpoint
-- The plans that stopped, by when: the live days and a day's re-sum find them here.
CREATE INDEX IF NOT EXISTS recurring_plans_npo_ended_idx ON recurring_plans
  (npo_id, (coalesce(cancelled_at, CASE WHEN status = 'failed' THEN updated_at END)))
  WHERE cancelled_at IS NOT NULL OR status = 'failed';
--> statement-breakpoint
-- Re-sums the days p_first..p_last (only those of p_days when given) of one organisation. The caller
-- holds the advisory lock (7101, npo) that orders re-sums (see rebuild_giving_days).
CREATE OR REPLACE FUNCTION rebuild_plan_days(p_npo bigint, p_first date, p_last date, p_days date[] DEFAULT NULL)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM plan_days
  WHERE npo_id = p_npo AND day >= p_first AND day <= p_last AND (p_days IS NULL OR day = ANY (p_days));
  INSERT INTO plan_days (npo_id, day, kind, status, runs, exhausted, plans, monthly_base)
  SELECT p_npo, r.* FROM plan_day_rows(p_npo,
    CASE WHEN p_first = '-infinity'::date THEN '-infinity'::timestamptz ELSE p_first::timestamp AT TIME ZONE 'UTC' END,
    (p_last + 1)::timestamp AT TIME ZONE 'UTC', p_days) r;
END $$;
--> statement-breakpoint
-- Closing sums the plans of the newly closed days too (same locks as before).
CREATE OR REPLACE FUNCTION close_giving_days(p_npo bigint, p_through date) RETURNS date
LANGUAGE plpgsql AS $$
DECLARE
  v_closed date;
BEGIN
  PERFORM pg_advisory_xact_lock(7100, p_npo::int);
  SELECT through INTO v_closed FROM giving_days_closed WHERE npo_id = p_npo;
  IF v_closed IS NOT NULL AND v_closed >= p_through THEN
    RETURN v_closed;
  END IF;
  PERFORM rebuild_giving_days(p_npo, coalesce(v_closed + 1, '-infinity'::date), p_through);
  PERFORM rebuild_giving_day_returns(p_npo, coalesce(v_closed + 1, '-infinity'::date), p_through);
  PERFORM rebuild_plan_days(p_npo, coalesce(v_closed + 1, '-infinity'::date), p_through);
  INSERT INTO giving_days_closed (npo_id, through) VALUES (p_npo, p_through)
  ON CONFLICT (npo_id) DO UPDATE SET through = EXCLUDED.through;
  RETURN p_through;
END $$;
--> statement-breakpoint
-- A plan written to these UTC days of one organisation: re-sum the closed ones. The shared lock
-- (7100, npo), held until the transaction ends, keeps an open day open until then (see
-- close_giving_days); a new plan (started today) only takes it and reads the closed mark.
CREATE OR REPLACE FUNCTION refresh_closed_plan_days(p_npo bigint, p_days date[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_through date;
  v_days date[];
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7100, p_npo::int);
  SELECT c.through INTO v_through FROM giving_days_closed c WHERE c.npo_id = p_npo;
  IF v_through IS NULL THEN
    RETURN;
  END IF;
  v_days := ARRAY(SELECT DISTINCT d FROM unnest(p_days) d WHERE d <= v_through);
  IF cardinality(v_days) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(7101, p_npo::int);
  PERFORM rebuild_plan_days(p_npo, (SELECT min(d) FROM unnest(v_days) d), (SELECT max(d) FROM unnest(v_days) d), v_days);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION recurring_plans_refresh_plan_days() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_new date[] := ARRAY[(NEW.started_at AT TIME ZONE 'UTC')::date,
    (coalesce(NEW.cancelled_at, CASE WHEN NEW.status = 'failed' THEN NEW.updated_at END) AT TIME ZONE 'UTC')::date];
  v_old date[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    v_old := ARRAY[(OLD.started_at AT TIME ZONE 'UTC')::date,
      (coalesce(OLD.cancelled_at, CASE WHEN OLD.status = 'failed' THEN OLD.updated_at END) AT TIME ZONE 'UTC')::date];
    IF OLD.npo_id IS DISTINCT FROM NEW.npo_id THEN
      PERFORM refresh_closed_plan_days(OLD.npo_id, v_old);
    ELSE
      v_new := v_new || v_old;
    END IF;
  END IF;
  PERFORM refresh_closed_plan_days(NEW.npo_id, v_new);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recurring_plans_plan_days_insert AFTER INSERT ON recurring_plans
  FOR EACH ROW EXECUTE FUNCTION recurring_plans_refresh_plan_days();
--> statement-breakpoint
-- Only changes to what the rows hold re-sum: a charge's own update of the plan (next date, last
-- charge) leaves them, unless the plan has failed (its last update is when it failed).
CREATE TRIGGER recurring_plans_plan_days_update AFTER UPDATE ON recurring_plans
  FOR EACH ROW WHEN (
    (OLD.npo_id, OLD.status, OLD.amount_minor, OLD.base_rate, OLD.interval, OLD.started_at, OLD.cancelled_at,
      OLD.failure_reason)
    IS DISTINCT FROM (NEW.npo_id, NEW.status, NEW.amount_minor, NEW.base_rate, NEW.interval, NEW.started_at,
      NEW.cancelled_at, NEW.failure_reason)
    OR ((OLD.status = 'failed' OR NEW.status = 'failed') AND OLD.updated_at IS DISTINCT FROM NEW.updated_at))
  EXECUTE FUNCTION recurring_plans_refresh_plan_days();
--> statement-breakpoint
-- The plan figures read plan_days now: the covering index of every plan (which also kept a plan's
-- every update from being a HOT update) goes.
DROP INDEX IF EXISTS recurring_plans_npo_figures_idx;
--> statement-breakpoint
SELECT rebuild_plan_days(npo_id, '-infinity', through) FROM giving_days_closed;
