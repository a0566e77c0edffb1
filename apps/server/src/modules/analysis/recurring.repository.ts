import type { TRecurringAnalysis } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { addDays } from '../../platform/format/calendar.ts';
import type { Period } from './period.ts';
import { planDays } from './plan-days.sql.ts';

/** The period's first day and the day after its last (plan days are the organisation's days). */
const daysOf = (period: Period) => ({ start: period.from, end: addDays(period.to, 1) });

const within = (column: SQL, period: Period) =>
  sql`${column} >= ${period.start.toISOString()}::timestamptz AND ${column} < ${period.end.toISOString()}::timestamptz`;

type PlanFigures = Omit<TRecurringAnalysis, 'currency' | 'period' | 'churn' | 'recovery' | 'series'> & {
  voluntary: number;
  failed: number;
};

/**
 * MRR now and at the period's start, plans running at its start, and plans gained and lost in it,
 * from the plans counted per day (plan_days, decision 017, whose function holds the plan rules):
 * running at the start of day d means started before d and not stopped before d, so the sums of
 * the 'started' rows before d less those of the 'ended' rows before d (both of plans that `runs`).
 * MRR now is what active and past-due plans bring in a month. Numeric sums, rounded once.
 */
export async function selectPlanFigures(db: Db, npoId: number, period: Period): Promise<PlanFigures> {
  const { start, end } = daysOf(period);
  const inPeriod = sql`d.day >= ${start}::date AND d.day < ${end}::date`;
  const { rows } = await db.execute<PlanFigures>(sql`
    SELECT
      coalesce(round(sum(d.monthly_base) FILTER (WHERE d.kind = 'started' AND d.status IN ('active', 'past_due'))), 0)::bigint AS mrr,
      round(coalesce(sum(d.monthly_base) FILTER (WHERE d.kind = 'started' AND d.runs AND d.day < ${start}::date), 0)
        - coalesce(sum(d.monthly_base) FILTER (WHERE d.kind = 'ended' AND d.runs AND d.day < ${start}::date), 0))::bigint AS mrr_at_start,
      (coalesce(sum(d.plans) FILTER (WHERE d.kind = 'started' AND d.runs AND d.day < ${start}::date), 0)
        - coalesce(sum(d.plans) FILTER (WHERE d.kind = 'ended' AND d.runs AND d.day < ${start}::date), 0))::int AS plans_at_start,
      coalesce(sum(d.plans) FILTER (WHERE d.kind = 'started' AND ${inPeriod}), 0)::int AS new_plans,
      coalesce(sum(d.plans) FILTER (WHERE d.kind = 'ended' AND d.status = 'cancelled' AND ${inPeriod}), 0)::int AS voluntary,
      coalesce(sum(d.plans) FILTER (WHERE d.kind = 'ended' AND d.exhausted AND ${inPeriod}), 0)::int AS failed
    FROM ${planDays(npoId)} d`);
  const row = rows[0];
  if (!row) throw new Error('plan figures query returned no row');
  return { ...row, mrr: Number(row.mrr), mrr_at_start: Number(row.mrr_at_start) };
}

/**
 * Failed-payment recovery: plans with a failed charge attempt in the period (they went past due),
 * and how many of them were charged successfully after their first failure in it.
 */
export async function selectRecovery(db: Db, npoId: number, period: Period) {
  const { rows } = await db.execute<{ past_due: number; recovered: number }>(sql`
    WITH failures AS (
      SELECT a.recurring_plan_id AS plan_id, min(a.created_at) AS first_failed_at
      FROM payment_attempts a
      WHERE a.npo_id = ${npoId} AND a.status = 'failed' AND a.recurring_plan_id IS NOT NULL
        AND ${within(sql`a.created_at`, period)}
      GROUP BY a.recurring_plan_id
    )
    SELECT count(*)::int AS past_due,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM donations d
        WHERE d.recurring_plan_id = f.plan_id AND d.npo_id = ${npoId} AND d.status IN ('succeeded', 'refunded')
          AND d.created_at > f.first_failed_at
      ))::int AS recovered
    FROM failures f`);
  return rows[0] ?? { past_due: 0, recovered: 0 };
}

/** Per month of the period: plans started, cancelled by someone, and cancelled by failure. */
export async function selectPlanSeries(db: Db, npoId: number, period: Period): Promise<TRecurringAnalysis['series']> {
  const { start, end } = daysOf(period);
  const { rows } = await db.execute<TRecurringAnalysis['series'][number]>(sql`
    WITH buckets AS (
      SELECT generate_series(date_trunc('month', ${start}::date), ${end}::date - 1,
        interval '1 month')::date AS bucket
    ),
    events AS (
      SELECT date_trunc('month', d.day)::date AS bucket,
        CASE WHEN d.kind = 'started' THEN d.plans ELSE 0 END AS new_plans,
        CASE WHEN d.kind = 'ended' AND d.status = 'cancelled' THEN d.plans ELSE 0 END AS voluntary,
        CASE WHEN d.kind = 'ended' AND d.exhausted THEN d.plans ELSE 0 END AS failed
      FROM ${planDays(npoId)} d
      WHERE d.day >= ${start}::date AND d.day < ${end}::date
    )
    SELECT to_char(b.bucket, 'YYYY-MM-DD') AS bucket, coalesce(sum(e.new_plans), 0)::int AS new_plans,
      coalesce(sum(e.voluntary), 0)::int AS voluntary, coalesce(sum(e.failed), 0)::int AS failed
    FROM buckets b LEFT JOIN events e ON e.bucket = b.bucket
    GROUP BY b.bucket ORDER BY b.bucket`);
  return rows;
}
