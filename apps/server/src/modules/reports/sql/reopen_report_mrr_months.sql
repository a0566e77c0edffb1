-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- A write changed what the recurring report's closed months hold from p_day on (decision 105): a charge
-- or gift of a closed day (via rebuild_report_days) or a plan's start, stop or amount (via
-- rebuild_plan_days and recurring_plans_reopen_report_mrr_months). A charge moves its plan's MRR in its
-- month and in its next charged or stopped month, so every stored month from p_day's on is deleted;
-- the report reads them live until the next close stores them again. The caller holds the lock
-- (7100, npo), shared or exclusive.

CREATE OR REPLACE FUNCTION public.reopen_report_mrr_months(p_npo bigint, p_day date)
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM report_mrr_months WHERE npo_id = p_npo AND month >= date_trunc('month', p_day)::date;
$function$
;
