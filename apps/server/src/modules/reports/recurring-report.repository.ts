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

/**
 * `recurring_plans p` with its first gift as `d` (npo_id, status, base_amount_minor, amount_minor
 * and what the filters read). Without a filter on the gift only its organisation, status and base
 * amount are needed: they come from the charges index (a plan's first gift is one of its charges,
 * decision 099), reading the gift itself only when it is not there or the plan has no stored rate;
 * a filtered report joins the gifts.
 */
function plansWithFirstGift(scope: IncomeScope, f: ReportFilter): SQL {
  const filtered =
    f.campaign_id?.length || f.designation?.length || f.payment_method?.length || f.currency?.length || scope.members;
  if (filtered) return sql`recurring_plans p LEFT JOIN donations d ON d.id = p.first_donation_id`;
  return sql`recurring_plans p
    LEFT JOIN (SELECT id, recurring_plan_id, npo_id, status, base_amount_minor FROM donations WHERE recurring_plan_id IS NOT NULL) l
      ON l.recurring_plan_id = p.id AND l.id = p.first_donation_id
    LEFT JOIN LATERAL (
      SELECT o.npo_id, o.status, o.base_amount_minor, o.amount_minor FROM donations o
      WHERE o.id = p.first_donation_id AND (l.id IS NULL OR p.base_rate IS NULL) OFFSET 0
    ) o ON true
    CROSS JOIN LATERAL (
      SELECT coalesce(o.npo_id, l.npo_id) AS npo_id, coalesce(o.status, l.status) AS status,
        coalesce(o.base_amount_minor, l.base_amount_minor) AS base_amount_minor, o.amount_minor
    ) d`;
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
 *
 * A plan runs from the month it starts (`s`) until the month it stops (`e`: cancelled, paused or
 * failed), and its MRR changes only then and in the months it is charged in between. So the
 * report reads one row per change (not one per plan and month) and each month's level is the
 * running sum of the changes up to it: at a million gifts this is what keeps it within its time
 * (docs/product/reports.md#performance, decision 099).
 */
export async function selectMrrMonths(
  db: Db,
  scope: IncomeScope,
  filter: ReportFilter,
  first: string,
  last: string,
): Promise<MrrMonth[]> {
  // A month of the period (charges and stops before it fall in the opening month, the one before `first`).
  const opening = sql`(${first}::timestamp - interval '1 month')`;
  const monthOf = (at: SQL) =>
    sql`CASE WHEN ${at} < (SELECT ${opening} AT TIME ZONE ${scope.zone}) THEN ${opening}::date
      ELSE date_trunc('month', ${at} AT TIME ZONE ${scope.zone})::date END`;
  // A month ends at the next one's start in the organisation's zone, the current month now.
  // (Scalar subqueries: worked out once, not for every charge.)
  const ends = sql`(SELECT least((${last}::timestamp + interval '1 month') AT TIME ZONE ${scope.zone}, now()))`;
  const mrr = (amount: SQL) => sql`round(${amount} * per_year / 12.0)::bigint`;
  const { rows } = await db.execute<MrrMonth>(sql`
    WITH p AS MATERIALIZED (
      SELECT id, per_year, first_amount, ${monthOf(sql`started_at`)} AS s,
        least(CASE WHEN cancelled_at < ${ends} THEN ${monthOf(sql`cancelled_at`)} END,
          CASE WHEN stopped_at < ${ends} THEN ${monthOf(sql`stopped_at`)} END) AS e
      FROM (
        SELECT p.id, ${PER_YEAR} AS per_year, p.started_at, p.cancelled_at, ${FIRST_BASE_AMOUNT} AS first_amount,
          CASE WHEN p.status = 'paused' THEN coalesce(p.paused_at, p.updated_at)
               WHEN p.status = 'failed' THEN p.updated_at END AS stopped_at
        FROM ${plansWithFirstGift(scope, filter)}
        WHERE p.npo_id = ${scope.npoId} AND ${planWhere(scope, filter)} AND p.started_at < ${ends}
          AND (p.cancelled_at IS NULL OR p.cancelled_at >= ${opening} AT TIME ZONE ${scope.zone})
      ) x
    ),
    c AS MATERIALIZED (
      -- Each plan's latest charge per month (the last before the next month's first), with the month
      -- of its next charge and the amount before it: one pass in the charges index's order.
      SELECT plan_id, month, amount, next_month, lag(amount) OVER (PARTITION BY plan_id ORDER BY created_at, id) AS before
      FROM (
        SELECT d.recurring_plan_id AS plan_id, ${monthOf(sql`d.created_at`)} AS month, d.created_at, d.id,
          d.base_amount_minor AS amount,
          lead(${monthOf(sql`d.created_at`)}) OVER (PARTITION BY d.recurring_plan_id ORDER BY d.created_at, d.id) AS next_month
        FROM donations d
        WHERE d.recurring_plan_id IS NOT NULL AND d.npo_id = ${scope.npoId}
          AND d.status IN ('succeeded', 'refunded') AND d.created_at < ${ends}
      ) x
      WHERE next_month IS NULL OR next_month <> month
    ),
    changes AS (
      -- Started: from nothing to its latest charge by its first month.
      SELECT p.s AS month, 0::bigint AS prev, ${mrr(sql`coalesce(c.amount, p.first_amount)`)} AS mrr
      FROM p LEFT JOIN c ON c.plan_id = p.id AND c.month <= p.s AND (c.next_month IS NULL OR c.next_month > p.s)
      WHERE p.e IS NULL OR p.s < p.e
      UNION ALL
      -- Charged while running: from the charge before (or the first gift) to this one.
      SELECT c.month, ${mrr(sql`coalesce(c.before, p.first_amount)`)}, ${mrr(sql`c.amount`)}
      FROM c JOIN p ON p.id = c.plan_id
      WHERE c.month > p.s AND (p.e IS NULL OR c.month < p.e)
      UNION ALL
      -- Stopped: from its latest charge by the month before to nothing.
      SELECT p.e, ${mrr(sql`coalesce(c.amount, p.first_amount)`)}, 0::bigint
      FROM p LEFT JOIN c ON c.plan_id = p.id AND c.month < p.e AND (c.next_month IS NULL OR c.next_month >= p.e)
      WHERE p.s < p.e
    ),
    moves AS (
      SELECT month, sum(mrr - prev) AS change, sum((mrr > 0)::int - (prev > 0)::int) AS plans_change,
        sum(mrr) FILTER (WHERE prev = 0 AND mrr > 0) AS new_mrr,
        sum(mrr - prev) FILTER (WHERE prev > 0 AND mrr > prev) AS expansion,
        sum(prev - mrr) FILTER (WHERE mrr > 0 AND mrr < prev) AS contraction,
        sum(prev) FILTER (WHERE prev > 0 AND mrr = 0) AS churn,
        count(*) FILTER (WHERE prev = 0 AND mrr > 0) AS new_plans,
        count(*) FILTER (WHERE prev > 0 AND mrr = 0) AS churned_plans
      FROM changes WHERE mrr <> prev GROUP BY month
    ),
    lines AS (
      SELECT m.month, mo.change, mo.new_mrr, mo.expansion, mo.contraction, mo.churn, mo.new_plans, mo.churned_plans,
        coalesce(sum(mo.change) OVER w, 0) AS closing, coalesce(sum(mo.plans_change) OVER w, 0) AS plans
      FROM (SELECT m::date AS month FROM generate_series(${opening}, ${last}::timestamp, interval '1 month') m) m
      LEFT JOIN moves mo ON mo.month = m.month WINDOW w AS (ORDER BY m.month)
    )
    SELECT to_char(l.month, 'YYYY-MM') AS month, (l.closing - coalesce(l.change, 0))::bigint AS opening,
      coalesce(l.new_mrr, 0)::bigint AS new_mrr, coalesce(l.expansion, 0)::bigint AS expansion,
      coalesce(l.contraction, 0)::bigint AS contraction, coalesce(l.churn, 0)::bigint AS churn,
      l.closing::bigint AS closing, l.plans::int AS plans, coalesce(l.new_plans, 0)::int AS new_plans,
      coalesce(l.churned_plans, 0)::int AS churned_plans
    FROM lines l WHERE l.month >= ${first}::date ORDER BY l.month`);
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
    SELECT to_char(date_trunc('month', p.started_at AT TIME ZONE ${scope.zone}), 'YYYY-MM-DD') AS month
    FROM recurring_plans p LEFT JOIN donations d ON d.id = p.first_donation_id
    WHERE p.npo_id = ${scope.npoId} AND ${planWhere(scope, filter)}
    -- The earliest plan the filter keeps, in the order of the plans' start index (no scan of them all).
    ORDER BY p.started_at LIMIT 1`);
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
    FROM ${plansWithFirstGift(scope, filter)}
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
    e AS (
      -- The plan's last successful charge before the try, from the charges index alone.
      SELECT f.*, (
        SELECT max(d.created_at) FROM donations d
        WHERE d.recurring_plan_id = f.plan_id AND d.created_at < f.created_at AND d.npo_id = ${scope.npoId}
          AND d.status IN ('succeeded', 'refunded')
      ) AS after
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
        SELECT d.created_at, d.base_amount_minor FROM donations d
        WHERE d.recurring_plan_id = ep.plan_id AND d.created_at > ep.first_failed AND d.npo_id = ${scope.npoId}
          AND d.status IN ('succeeded', 'refunded')
        ORDER BY d.created_at, d.id LIMIT 1
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
