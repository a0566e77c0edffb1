import type { TRecurringAnalysis } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Period } from './period.ts';

/**
 * A plan's charge in base currency per month: the plan's amount at its first gift's exchange rate
 * (base / charged, kept on the plan as base_rate), each interval normalised to a month (a year has
 * 52 weeks and 365 days). Numeric, rounded only once summed.
 */
const monthlyBase = sql`(p.amount_minor::numeric * p.base_rate
  * CASE p.interval WHEN 'daily' THEN 365.0 / 12 WHEN 'weekly' THEN 52.0 / 12 WHEN 'monthly' THEN 1
    WHEN 'quarterly' THEN 1.0 / 3 WHEN 'yearly' THEN 1.0 / 12 ELSE 0 END)`;

/** When a plan stopped running: cancelled, or failed after its retries (never-chargeable plans never ran). */
const endedAt = sql`coalesce(p.cancelled_at, CASE WHEN p.status = 'failed' THEN p.updated_at END)`;
const everRan = sql`coalesce(p.failure_reason, '') <> 'no_saved_payment_method'`;
const failedChurn = sql`p.status = 'failed' AND p.failure_reason = 'retries_exhausted'`;

const within = (column: SQL, period: Period) =>
  sql`${column} >= ${period.start.toISOString()}::timestamptz AND ${column} < ${period.end.toISOString()}::timestamptz`;

type PlanFigures = Omit<TRecurringAnalysis, 'currency' | 'period' | 'churn' | 'recovery' | 'series'> & {
  voluntary: number;
  failed: number;
};

/** MRR now and at the period's start, plans running at its start, and plans gained and lost in it. */
export async function selectPlanFigures(db: Db, npoId: number, period: Period): Promise<PlanFigures> {
  const start = period.start.toISOString();
  const { rows } = await db.execute<PlanFigures>(sql`
    SELECT
      coalesce(round(sum(${monthlyBase}) FILTER (WHERE p.status IN ('active', 'past_due'))), 0)::bigint AS mrr,
      coalesce(round(sum(${monthlyBase}) FILTER (WHERE p.started_at < ${start}::timestamptz
        AND ${everRan} AND (${endedAt} IS NULL OR ${endedAt} >= ${start}::timestamptz))), 0)::bigint AS mrr_at_start,
      count(*) FILTER (WHERE p.started_at < ${start}::timestamptz
        AND ${everRan} AND (${endedAt} IS NULL OR ${endedAt} >= ${start}::timestamptz))::int AS plans_at_start,
      count(*) FILTER (WHERE ${within(sql`p.started_at`, period)})::int AS new_plans,
      count(*) FILTER (WHERE p.status = 'cancelled' AND ${within(sql`p.cancelled_at`, period)})::int AS voluntary,
      count(*) FILTER (WHERE ${failedChurn} AND ${within(endedAt, period)})::int AS failed
    FROM recurring_plans p
    WHERE p.npo_id = ${npoId}`);
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
  const { rows } = await db.execute<TRecurringAnalysis['series'][number]>(sql`
    WITH buckets AS (
      SELECT generate_series(date_trunc('month', ${period.start.toISOString()}::timestamptz, 'UTC'),
        ${period.end.toISOString()}::timestamptz - interval '1 microsecond', interval '1 month') AS bucket
    ),
    events AS (
      -- Plans started in the period come from recurring_plans_npo_started_idx; cancelled and failed
      -- ones from recurring_plans_npo_status_idx (few of each).
      SELECT date_trunc('month', p.started_at, 'UTC') AS bucket, 'new' AS kind FROM recurring_plans p
      WHERE p.npo_id = ${npoId} AND ${within(sql`p.started_at`, period)}
      UNION ALL
      SELECT date_trunc('month', p.cancelled_at, 'UTC'), 'voluntary' FROM recurring_plans p
      WHERE p.npo_id = ${npoId} AND p.status = 'cancelled' AND ${within(sql`p.cancelled_at`, period)}
      UNION ALL
      SELECT date_trunc('month', ${endedAt}, 'UTC'), 'failed' FROM recurring_plans p
      WHERE p.npo_id = ${npoId} AND ${failedChurn} AND ${within(endedAt, period)}
    )
    SELECT to_char(b.bucket AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS bucket,
      count(e.kind) FILTER (WHERE e.kind = 'new')::int AS new_plans,
      count(e.kind) FILTER (WHERE e.kind = 'voluntary')::int AS voluntary,
      count(e.kind) FILTER (WHERE e.kind = 'failed')::int AS failed
    FROM buckets b LEFT JOIN events e ON e.bucket = b.bucket
    GROUP BY b.bucket ORDER BY b.bucket`);
  return rows;
}
