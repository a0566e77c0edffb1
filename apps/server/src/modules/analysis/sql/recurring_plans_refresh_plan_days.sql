-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- A plan inserted, or updated in a figure plan_day_rows reads, re-sums the closed plan days it
-- touches (decision 017).

CREATE OR REPLACE FUNCTION public.recurring_plans_refresh_plan_days()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_zone text := (SELECT n.time_zone FROM npos n WHERE n.id = NEW.npo_id);
  v_new date[] := ARRAY[(NEW.started_at AT TIME ZONE v_zone)::date,
    (coalesce(NEW.cancelled_at, CASE WHEN NEW.status = 'failed' THEN NEW.updated_at END) AT TIME ZONE v_zone)::date];
  v_old date[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.npo_id IS DISTINCT FROM NEW.npo_id THEN
      v_zone := (SELECT n.time_zone FROM npos n WHERE n.id = OLD.npo_id);
    END IF;
    v_old := ARRAY[(OLD.started_at AT TIME ZONE v_zone)::date,
      (coalesce(OLD.cancelled_at, CASE WHEN OLD.status = 'failed' THEN OLD.updated_at END) AT TIME ZONE v_zone)::date];
    IF OLD.npo_id IS DISTINCT FROM NEW.npo_id THEN
      PERFORM refresh_closed_plan_days(OLD.npo_id, v_old);
    ELSE
      v_new := v_new || v_old;
    END IF;
  END IF;
  PERFORM refresh_closed_plan_days(NEW.npo_id, v_new);
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS recurring_plans_plan_days_insert ON public.recurring_plans;
CREATE TRIGGER recurring_plans_plan_days_insert AFTER INSERT ON public.recurring_plans FOR EACH ROW EXECUTE FUNCTION recurring_plans_refresh_plan_days();

-- Only changes to what the rows hold re-sum: a charge's own update of the plan (next date, last
-- charge) leaves them, unless the plan has failed (its last update is when it failed).
DROP TRIGGER IF EXISTS recurring_plans_plan_days_update ON public.recurring_plans;
CREATE TRIGGER recurring_plans_plan_days_update AFTER UPDATE ON public.recurring_plans
  FOR EACH ROW WHEN (
    (OLD.npo_id, OLD.status, OLD.amount_minor, OLD.base_rate, OLD.interval, OLD.started_at, OLD.cancelled_at,
      OLD.failure_reason)
    IS DISTINCT FROM (NEW.npo_id, NEW.status, NEW.amount_minor, NEW.base_rate, NEW.interval, NEW.started_at,
      NEW.cancelled_at, NEW.failure_reason)
    OR ((OLD.status = 'failed' OR NEW.status = 'failed') AND OLD.updated_at IS DISTINCT FROM NEW.updated_at))
  EXECUTE FUNCTION recurring_plans_refresh_plan_days();
