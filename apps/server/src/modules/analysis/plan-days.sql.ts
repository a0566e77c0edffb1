import { type SQL, sql } from 'drizzle-orm';
import { closedThrough } from './giving-days.sql.ts';

/**
 * Every plan_days row of an organisation (day, kind, status, runs, exhausted, plans, monthly_base;
 * plan-days.tables.ts says what each holds) as one SQL source: the stored rows of closed days and,
 * for later days, the same rows computed from the plans by plan_day_rows. Read in one statement,
 * so a day being closed meanwhile is counted once.
 */
export function planDays(npoId: number): SQL {
  return sql`(
    WITH closed AS (${closedThrough(npoId)})
    SELECT r.day, r.kind, r.status, r.runs, r.exhausted, r.plans, r.monthly_base
    FROM plan_days r, closed
    WHERE r.npo_id = ${npoId} AND r.day <= closed.through
    UNION ALL
    SELECT l.day, l.kind, l.status, l.runs, l.exhausted, l.plans, l.monthly_base
    FROM closed, plan_day_rows(${npoId}, (closed.through + 1)::timestamp AT TIME ZONE closed.tz, 'infinity') l
  )`;
}
