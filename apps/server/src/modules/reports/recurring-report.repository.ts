// The recurring report's reads (docs/product/reports.md#recurring, decision 099). Like the other
// reports' SQL it reads the plans' own tables directly, read-only: recurring_plans (the plans
// module's rows, owned by donations/plans.tables.ts), the plans' charges (donations with
// recurring_plan_id) and their failed tries (payment_attempts). A plan is filtered by its first
// gift: the campaign, designation, method and currency it was started with, and its donor. An
// imported plan has no first gift (decision 101): it is read through a LEFT JOIN and filtered by
// its own campaign, currency and donor (planWhere).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { giftsWhere, type IncomeScope, oneOf, type ReportFilter } from './income.repository.ts';

/** Charges a year of each interval (the plans module's CHARGES_PER_YEAR, as SQL). */
const PER_YEAR = sql`CASE p.interval WHEN 'daily' THEN 365 WHEN 'weekly' THEN 52 WHEN 'monthly' THEN 12
  WHEN 'quarterly' THEN 4 WHEN 'yearly' THEN 1 END`;

/** The plans a filter keeps: `d` is the plan's first gift (the period does not apply to it). */
const firstGiftWhere = (scope: IncomeScope, filter: ReportFilter): SQL =>
  giftsWhere({ ...scope, start: null, end: null }, { ...filter, from: undefined, to: undefined });

/**
 * The plans a filter keeps, `p` LEFT JOIN its first gift `d`: a plan with a first gift by that
 * gift; an imported plan (no first gift, decision 101) by its own campaign, currency and donor. A
 * designation or method filter leaves imported plans out: they have no gift to carry either.
 */
function planWhere(scope: IncomeScope, f: ReportFilter): SQL {
  const own: SQL[] = [sql`p.first_donation_id IS NULL`];
  if (f.campaign_id?.length) own.push(oneOf(sql`p.campaign_id`, f.campaign_id));
  if (f.currency?.length) own.push(oneOf(sql`p.currency`, f.currency));
  if (f.designation?.length || f.payment_method?.length) own.push(sql`false`);
  if (scope.members) own.push(sql`p.donor_id IN (${scope.members})`);
  return sql`((${sql.join(own, sql` AND `)}) OR (p.first_donation_id IS NOT NULL AND ${firstGiftWhere(scope, f)}))`;
}

/** A plan's base-currency amount before any charge: its first gift's, or its amount at its stored rate. */
const FIRST_BASE_AMOUNT = sql`coalesce(d.base_amount_minor, round(p.amount_minor * coalesce(p.base_rate, 1))::bigint)`;

export type MrrMonth = {
  month: string;
  opening: number;
  new_mrr: number;
  expansion: number;
  contraction: number;
  churn: number;
  closing: number;
  plans: number;
  new_plans: number;
  churned_plans: number;
};

/**
 * Per month from `first` to `last` (YYYY-MM-01, the organisation's months): each plan's MRR at
 * the month's end (or now, for the current month) is the base amount of its latest charge by then
 * (its first gift's before any) as a monthly equivalent, rounded per plan so the movement adds up
 * exactly; 0 when it is not running then (not started, cancelled, or paused/failed since). The
 * movement compares each plan with the month before.
 */
export async function selectMrrMonths(
  db: Db,
  scope: IncomeScope,
  filter: ReportFilter,
  first: string,
  last: string,
): Promise<MrrMonth[]> {
  const { rows } = await db.execute<MrrMonth>(sql`
    WITH months AS (
      SELECT m::date AS month, m AT TIME ZONE ${scope.zone} AS starts,
        least((m + interval '1 month') AT TIME ZONE ${scope.zone}, now()) AS ends
      FROM generate_series(${first}::timestamp - interval '1 month', ${last}::timestamp, interval '1 month') m
    ),
    p AS MATERIALIZED (
      SELECT p.id, ${PER_YEAR} AS per_year, p.started_at, p.cancelled_at, ${FIRST_BASE_AMOUNT} AS first_amount,
        CASE WHEN p.status = 'paused' THEN coalesce(p.paused_at, p.updated_at)
             WHEN p.status = 'failed' THEN p.updated_at END AS stopped_at
      FROM recurring_plans p LEFT JOIN donations d ON d.id = p.first_donation_id
      WHERE p.npo_id = ${scope.npoId} AND ${planWhere(scope, filter)}
        AND p.started_at < (SELECT max(ends) FROM months)
        AND (p.cancelled_at IS NULL OR p.cancelled_at >= (SELECT min(starts) FROM months))
    ),
    c AS (
      -- Each plan's latest charge per month; charges before the period all fall in the opening month.
      SELECT DISTINCT ON (x.plan_id, x.month) x.plan_id, x.month, x.amount
      FROM (
        SELECT d.recurring_plan_id AS plan_id, d.created_at, d.id, d.base_amount_minor AS amount,
          greatest(date_trunc('month', d.created_at AT TIME ZONE ${scope.zone})::date,
            (${first}::date - interval '1 month')::date) AS month
        FROM donations d
        WHERE d.npo_id = ${scope.npoId} AND d.recurring_plan_id IN (SELECT id FROM p)
          AND d.status IN ('succeeded', 'refunded') AND d.created_at < (SELECT max(ends) FROM months)
      ) x
      ORDER BY x.plan_id, x.month, x.created_at DESC, x.id DESC
    ),
    grid AS (
      SELECT p.id, m.month, p.per_year, p.first_amount, c.amount,
        (p.started_at < m.ends AND (p.cancelled_at IS NULL OR p.cancelled_at >= m.ends)
          AND (p.stopped_at IS NULL OR p.stopped_at >= m.ends)) AS running,
        count(c.amount) OVER (PARTITION BY p.id ORDER BY m.month) AS grp
      FROM p CROSS JOIN months m LEFT JOIN c ON c.plan_id = p.id AND c.month = m.month
    ),
    v AS (
      SELECT id, month, CASE WHEN running THEN round(
        coalesce(max(amount) OVER (PARTITION BY id, grp), first_amount) * per_year / 12.0)::bigint ELSE 0 END AS mrr
      FROM grid
    ),
    mv AS (
      SELECT month, mrr, lag(mrr, 1, 0::bigint) OVER (PARTITION BY id ORDER BY month) AS prev FROM v
    )
    SELECT to_char(m.month, 'YYYY-MM') AS month,
      coalesce(sum(mv.prev), 0)::bigint AS opening,
      coalesce(sum(mv.mrr) FILTER (WHERE mv.prev = 0 AND mv.mrr > 0), 0)::bigint AS new_mrr,
      coalesce(sum(mv.mrr - mv.prev) FILTER (WHERE mv.prev > 0 AND mv.mrr > mv.prev), 0)::bigint AS expansion,
      coalesce(sum(mv.prev - mv.mrr) FILTER (WHERE mv.mrr > 0 AND mv.mrr < mv.prev), 0)::bigint AS contraction,
      coalesce(sum(mv.prev) FILTER (WHERE mv.prev > 0 AND mv.mrr = 0), 0)::bigint AS churn,
      coalesce(sum(mv.mrr), 0)::bigint AS closing,
      count(mv.month) FILTER (WHERE mv.mrr > 0)::int AS plans,
      count(mv.month) FILTER (WHERE mv.prev = 0 AND mv.mrr > 0)::int AS new_plans,
      count(mv.month) FILTER (WHERE mv.prev > 0 AND mv.mrr = 0)::int AS churned_plans
    FROM months m LEFT JOIN mv ON mv.month = m.month
    WHERE m.month >= ${first}::date
    GROUP BY m.month ORDER BY m.month`);
  return rows.map((r) => ({
    ...r,
    opening: Number(r.opening),
    new_mrr: Number(r.new_mrr),
    expansion: Number(r.expansion),
    contraction: Number(r.contraction),
    churn: Number(r.churn),
    closing: Number(r.closing),
  }));
}

/** The first month of the organisation's first plan the filter keeps (for an all-time report). */
export async function selectFirstPlanMonth(db: Db, scope: IncomeScope, filter: ReportFilter): Promise<string | null> {
  const { rows } = await db.execute<{ month: string | null }>(sql`
    SELECT to_char(date_trunc('month', min(p.started_at) AT TIME ZONE ${scope.zone}), 'YYYY-MM-DD') AS month
    FROM recurring_plans p LEFT JOIN donations d ON d.id = p.first_donation_id
    WHERE p.npo_id = ${scope.npoId} AND ${planWhere(scope, filter)}`);
  return rows[0]?.month ?? null;
}

export type PlanCounts = {
  interval: string;
  active: number;
  past_due: number;
  paused: number;
  cancelled: number;
  failed: number;
  plans: number;
  mrr: number;
};

/**
 * Plans that ran at some time in the period (started before its end, not cancelled before its
 * start), by interval and their status today; MRR of the active and past-due ones at their
 * current amount and stored rate (the analysis page's MRR), rounded per plan.
 */
export async function selectPlanCounts(db: Db, scope: IncomeScope, filter: ReportFilter): Promise<PlanCounts[]> {
  const c: SQL[] = [sql`p.npo_id = ${scope.npoId}`, planWhere(scope, filter)];
  if (scope.end) c.push(sql`p.started_at < ${scope.end.toISOString()}::timestamptz`);
  if (scope.start) c.push(sql`(p.cancelled_at IS NULL OR p.cancelled_at >= ${scope.start.toISOString()}::timestamptz)`);
  const { rows } = await db.execute<PlanCounts>(sql`
    SELECT p.interval,
      count(*) FILTER (WHERE p.status = 'active')::int AS active,
      count(*) FILTER (WHERE p.status = 'past_due')::int AS past_due,
      count(*) FILTER (WHERE p.status = 'paused')::int AS paused,
      count(*) FILTER (WHERE p.status = 'cancelled')::int AS cancelled,
      count(*) FILTER (WHERE p.status = 'failed')::int AS failed,
      count(*)::int AS plans,
      coalesce(sum(round(p.amount_minor * coalesce(p.base_rate, d.base_amount_minor::numeric / nullif(d.amount_minor, 0), 1)
        * ${PER_YEAR} / 12.0)) FILTER (WHERE p.status IN ('active', 'past_due')), 0)::bigint AS mrr
    FROM recurring_plans p LEFT JOIN donations d ON d.id = p.first_donation_id
    WHERE ${sql.join(c, sql` AND `)}
    GROUP BY p.interval ORDER BY min(${PER_YEAR}) DESC`);
  return rows.map((r) => ({ ...r, mrr: Number(r.mrr) }));
}

export type ChargeMonth = {
  month: string;
  failed: number;
  attempts: number;
  at_risk: number;
  recovered: number;
  recovered_amount: number;
  retrying: number;
  lost: number;
};

/**
 * Failed charges by the month they first failed. A failed charge is a plan's first failed try
 * after its last successful charge (its retries join it); it is recovered when the plan was
 * charged successfully after it (a dunning retry or the donor's new card), still retrying while
 * the plan is past due, lost otherwise. At risk is the failed amount at the plan's stored rate;
 * recovered is the recovering gift's base amount, as the income report counts it.
 */
export async function selectChargeMonths(db: Db, scope: IncomeScope, filter: ReportFilter): Promise<ChargeMonth[]> {
  const c: SQL[] = [
    sql`a.npo_id = ${scope.npoId}`,
    sql`a.status = 'failed'`,
    sql`a.recurring_plan_id IS NOT NULL`,
    planWhere(scope, filter),
  ];
  if (scope.end) c.push(sql`a.created_at < ${scope.end.toISOString()}::timestamptz`);
  // A charge failing first in the period may have retries after it, never before: the longest
  // retry schedule (yearly, 31 days) bounds how far back its earlier tries can be.
  if (scope.start) c.push(sql`a.created_at >= ${scope.start.toISOString()}::timestamptz - interval '40 days'`);
  const inPeriod: SQL[] = [sql`true`];
  if (scope.start) inPeriod.push(sql`r.first_failed >= ${scope.start.toISOString()}::timestamptz`);
  const { rows } = await db.execute<ChargeMonth>(sql`
    WITH f AS MATERIALIZED (
      SELECT a.recurring_plan_id AS plan_id, a.created_at, a.amount_minor,
        coalesce(p.base_rate, d.base_amount_minor::numeric / nullif(d.amount_minor, 0), 1) AS rate
      FROM payment_attempts a
      JOIN recurring_plans p ON p.id = a.recurring_plan_id AND p.npo_id = ${scope.npoId}
      LEFT JOIN donations d ON d.id = p.first_donation_id
      WHERE ${sql.join(c, sql` AND `)}
    ),
    s AS MATERIALIZED (
      SELECT d.recurring_plan_id AS plan_id, d.created_at, d.base_amount_minor FROM donations d
      WHERE d.npo_id = ${scope.npoId} AND d.recurring_plan_id IN (SELECT plan_id FROM f)
        AND d.status IN ('succeeded', 'refunded')
    ),
    e AS (
      SELECT f.*, (SELECT max(s.created_at) FROM s WHERE s.plan_id = f.plan_id AND s.created_at < f.created_at) AS after
      FROM f
    ),
    ep AS (
      SELECT plan_id, min(created_at) AS first_failed, count(*) AS attempts,
        (array_agg(round(amount_minor * rate) ORDER BY created_at))[1] AS at_risk
      FROM e GROUP BY plan_id, after
    ),
    r AS (
      SELECT ep.*, rec.created_at AS recovered_at, rec.base_amount_minor AS recovered_amount, p.status
      FROM ep JOIN recurring_plans p ON p.id = ep.plan_id
      LEFT JOIN LATERAL (
        SELECT s.created_at, s.base_amount_minor FROM s
        WHERE s.plan_id = ep.plan_id AND s.created_at > ep.first_failed ORDER BY s.created_at LIMIT 1
      ) rec ON true
    )
    SELECT to_char(date_trunc('month', r.first_failed AT TIME ZONE ${scope.zone}), 'YYYY-MM') AS month,
      count(*)::int AS failed, sum(r.attempts)::int AS attempts, sum(r.at_risk)::bigint AS at_risk,
      count(r.recovered_at)::int AS recovered, coalesce(sum(r.recovered_amount), 0)::bigint AS recovered_amount,
      count(*) FILTER (WHERE r.recovered_at IS NULL AND r.status = 'past_due')::int AS retrying,
      count(*) FILTER (WHERE r.recovered_at IS NULL AND r.status <> 'past_due')::int AS lost
    FROM r WHERE ${sql.join(inPeriod, sql` AND `)}
    GROUP BY 1 ORDER BY 1`);
  return rows.map((r) => ({ ...r, at_risk: Number(r.at_risk), recovered_amount: Number(r.recovered_amount) }));
}
