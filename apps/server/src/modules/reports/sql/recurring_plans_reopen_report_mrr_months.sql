-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- What the recurring report reads of a plan and the plan-day trigger (recurring_plans_refresh_plan_days,
-- which reopens the months through rebuild_plan_days) does not watch: the pause time of a plan that
-- stays paused (its paused_at, or its last update when that is not set) and its first gift (decision
-- 105). Neither changes when a running plan is charged, so checkout and payment confirmation never fire
-- it. Reopens the stored months from the plan's start on.

CREATE OR REPLACE FUNCTION public.recurring_plans_reopen_report_mrr_months()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7100, NEW.npo_id::int);
  PERFORM reopen_report_mrr_months(NEW.npo_id,
    (least(OLD.started_at, NEW.started_at) AT TIME ZONE (SELECT n.time_zone FROM npos n WHERE n.id = NEW.npo_id))::date);
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS recurring_plans_report_mrr_months ON public.recurring_plans;
CREATE TRIGGER recurring_plans_report_mrr_months AFTER UPDATE ON public.recurring_plans
  FOR EACH ROW WHEN (
    OLD.first_donation_id IS DISTINCT FROM NEW.first_donation_id
    OR (OLD.status = 'paused' AND NEW.status = 'paused'
      AND coalesce(OLD.paused_at, OLD.updated_at) IS DISTINCT FROM coalesce(NEW.paused_at, NEW.updated_at)))
  EXECUTE FUNCTION recurring_plans_reopen_report_mrr_months();
