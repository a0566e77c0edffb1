import type { TIncomeFigures, TIncomeGrouping, TIncomeReportQuery } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/** What one income line sums, straight from the database (bigints as numbers). */
export type IncomeRecord = TIncomeFigures & { key: string; name: string | null };

/** The filters every report shares (docs/product/reports.md#filters). */
export type ReportFilter = Omit<TIncomeReportQuery, 'group_by'>;

export type IncomeScope = {
  npoId: number;
  /** Instants: `start` inclusive, `end` exclusive (midnights of the organisation's zone, decision 027). */
  start: Date | null;
  end: Date | null;
  zone: string;
  fiscalYearStartMonth: number;
  /** A SELECT of donor ids (a segment's members), or null for every donor. */
  members: SQL | null;
};

export const oneOf = (column: SQL, values: readonly (string | number)[]) =>
  sql`${column} IN (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/**
 * The gifts a report counts: the analysis page's rule (docs/product/analysis.md#what-counts):
 * succeeded and refunded donations, by the day they were given; every condition on `d` starts with
 * npo_id so the (npo_id, created_at) index serves the period.
 */
export function giftsWhere(scope: IncomeScope, f: ReportFilter): SQL {
  const c: SQL[] = [sql`d.npo_id = ${scope.npoId}`, sql`d.status IN ('succeeded', 'refunded')`];
  if (scope.start) c.push(sql`d.created_at >= ${scope.start.toISOString()}::timestamptz`);
  if (scope.end) c.push(sql`d.created_at < ${scope.end.toISOString()}::timestamptz`);
  if (f.campaign_id?.length) c.push(oneOf(sql`d.campaign_id`, f.campaign_id));
  if (f.designation?.length) c.push(oneOf(sql`d.designation_name`, f.designation));
  if (f.payment_method?.length) c.push(oneOf(sql`coalesce(nullif(d.payment_method, ''), 'other')`, f.payment_method));
  if (f.currency?.length) c.push(oneOf(sql`d.currency`, f.currency));
  if (scope.members) c.push(sql`d.donor_id IN (${scope.members})`);
  return sql.join(c, sql` AND `);
}

/** The line key of a grouping, over the CTE `g` (its `local` is the gift's wall clock). */
function keyOf(group: TIncomeGrouping, fiscalStart: number): { key: SQL; name: SQL } {
  const none = { name: sql`NULL::text` };
  switch (group) {
    case 'day':
    case 'month':
    case 'quarter':
      return { key: sql`to_char(date_trunc(${group}, g.local), 'YYYY-MM-DD')`, ...none };
    case 'fiscal_year': {
      // The giving year starting in month `fiscalStart` (docs/product/donors.md#giving-year).
      const shift = sql.raw(`interval '${fiscalStart - 1} months'`);
      return { key: sql`to_char(date_trunc('year', g.local - ${shift}) + ${shift}, 'YYYY-MM-DD')`, ...none };
    }
    case 'campaign':
      return { key: sql`coalesce(g.campaign_id::text, '')`, name: sql`max(c.name)` };
    case 'designation':
      return { key: sql`coalesce(g.designation_name, '')`, ...none };
    case 'method':
      return { key: sql`coalesce(nullif(g.payment_method, ''), 'other')`, ...none };
    case 'currency':
      return { key: sql`g.currency`, ...none };
  }
}

const recordOf = (r: IncomeRecord): IncomeRecord => {
  const figures = {
    gifts: r.gifts,
    gross: Number(r.gross),
    fee_covered: Number(r.fee_covered),
    refunds: Number(r.refunds),
    disputes: Number(r.disputes),
    platform_fees: Number(r.platform_fees),
  };
  const net = figures.gross - figures.refunds - figures.disputes;
  return { key: r.key, name: r.name, ...figures, net, net_after_fees: net - figures.platform_fees };
};

/**
 * The income lines of a report, one per key of `group`, in key order. Refunds, disputes and fees
 * come from the ledger rows of the period's gifts (written at or after the gift, so the ledger's
 * (npo_id, created_at) index bounds them by the period's start).
 */
export async function selectIncome(
  db: Db,
  scope: IncomeScope,
  filter: ReportFilter,
  group: TIncomeGrouping,
): Promise<IncomeRecord[]> {
  const { key, name } = keyOf(group, scope.fiscalYearStartMonth);
  const ledgerFrom = scope.start ? sql`AND l.created_at >= ${scope.start.toISOString()}::timestamptz` : sql``;
  const { rows } = await db.execute<IncomeRecord>(sql`
    WITH g AS MATERIALIZED (
      SELECT d.id, d.created_at AT TIME ZONE ${scope.zone} AS local, d.campaign_id, d.designation_name,
        d.payment_method, d.currency, d.base_amount_minor AS gross
      FROM donations d
      WHERE ${giftsWhere(scope, filter)}
    ),
    l AS (
      SELECT l.donation_id,
        sum(l.base_amount_minor) FILTER (WHERE l.kind = 'fee_covered') AS fee_covered,
        -sum(l.base_amount_minor) FILTER (WHERE l.kind = 'refund') AS refunds,
        -sum(l.base_amount_minor) FILTER (WHERE l.kind = 'dispute') AS disputes,
        -sum(l.base_amount_minor) FILTER (WHERE l.kind = 'platform_fee') AS platform_fees
      FROM ledger_entries l
      WHERE l.npo_id = ${scope.npoId} ${ledgerFrom}
        AND l.kind IN ('fee_covered', 'refund', 'dispute', 'platform_fee')
        AND l.donation_id IN (SELECT id FROM g)
      GROUP BY l.donation_id
    )
    SELECT ${key} AS key, ${name} AS name, count(*)::int AS gifts,
      coalesce(sum(g.gross), 0)::bigint AS gross,
      coalesce(sum(l.fee_covered), 0)::bigint AS fee_covered,
      coalesce(sum(l.refunds), 0)::bigint AS refunds,
      coalesce(sum(l.disputes), 0)::bigint AS disputes,
      coalesce(sum(l.platform_fees), 0)::bigint AS platform_fees
    FROM g LEFT JOIN l ON l.donation_id = g.id
    ${group === 'campaign' ? sql`LEFT JOIN campaigns c ON c.id = g.campaign_id AND c.npo_id = ${scope.npoId}` : sql``}
    GROUP BY 1
    ORDER BY 1`);
  return rows.map(recordOf);
}

/** The conditions of the filters on report_days rows `s` (decision 085). */
function daysWhere(f: ReportFilter): SQL {
  const c: SQL[] = [sql`true`];
  if (f.campaign_id?.length) c.push(oneOf(sql`s.campaign_id`, f.campaign_id));
  if (f.designation?.length) c.push(oneOf(sql`s.designation`, f.designation));
  if (f.payment_method?.length) c.push(oneOf(sql`s.method`, f.payment_method));
  if (f.currency?.length) c.push(oneOf(sql`s.currency`, f.currency));
  return sql.join(c, sql` AND `);
}

/**
 * The income lines from the day sums (decision 085): the stored report_days of the closed days of
 * the period and, for the days after `giving_days_closed.through`, the same rows summed live by
 * `report_day_rows`, in one statement (one snapshot, so a day closing meanwhile is counted once).
 * Same lines as selectIncome, which the segment filter still needs (a day sum has no donor).
 */
export async function selectIncomeFromDays(
  db: Db,
  scope: IncomeScope,
  filter: ReportFilter,
  group: TIncomeGrouping,
): Promise<IncomeRecord[]> {
  const { key, name } = keyOf(group, scope.fiscalYearStartMonth);
  const start = scope.start ? sql`${scope.start.toISOString()}::timestamptz` : sql`'-infinity'::timestamptz`;
  const end = scope.end ? sql`${scope.end.toISOString()}::timestamptz` : sql`'infinity'::timestamptz`;
  const { rows } = await db.execute<IncomeRecord>(sql`
    WITH closed AS (
      SELECT coalesce((SELECT through FROM giving_days_closed WHERE npo_id = ${scope.npoId}), '-infinity'::date) AS through
    ),
    s AS (
      SELECT r.day, r.campaign_id, r.designation, r.method, r.currency, r.gifts, r.gross, r.fee_covered,
        r.refunds, r.disputes, r.platform_fees
      FROM report_days r, closed c
      WHERE r.npo_id = ${scope.npoId} AND r.day <= c.through
        AND r.day >= (${start} AT TIME ZONE ${scope.zone})::date AND r.day < (${end} AT TIME ZONE ${scope.zone})::date
      UNION ALL
      SELECT o.* FROM closed c, report_day_rows(${scope.npoId},
        greatest(${start}, CASE WHEN c.through = '-infinity'::date THEN '-infinity'::timestamptz
          ELSE (c.through + 1)::timestamp AT TIME ZONE ${scope.zone} END), ${end}) o
    ),
    g AS (
      SELECT s.*, s.day::timestamp AS local, s.designation AS designation_name, s.method AS payment_method
      FROM s WHERE ${daysWhere(filter)})
    SELECT ${key} AS key, ${name} AS name, sum(g.gifts)::int AS gifts,
      coalesce(sum(g.gross), 0)::bigint AS gross,
      coalesce(sum(g.fee_covered), 0)::bigint AS fee_covered,
      coalesce(sum(g.refunds), 0)::bigint AS refunds,
      coalesce(sum(g.disputes), 0)::bigint AS disputes,
      coalesce(sum(g.platform_fees), 0)::bigint AS platform_fees
    FROM g
    ${group === 'campaign' ? sql`LEFT JOIN campaigns c ON c.id = g.campaign_id AND c.npo_id = ${scope.npoId}` : sql``}
    GROUP BY 1
    ORDER BY 1`);
  return rows.map(recordOf);
}

export type ReportOrganisation = { currency: string; zone: string; fiscalYearStartMonth: number; name: string };

export async function selectReportOrganisation(db: Db, npoId: number): Promise<ReportOrganisation | null> {
  const { rows } = await db.execute<{ currency: string; zone: string; start_month: number; name: string }>(
    sql`SELECT base_currency AS currency, time_zone AS zone, fiscal_year_start_month AS start_month, name
      FROM npos WHERE id = ${npoId}`,
  );
  const r = rows[0];
  return r ? { currency: r.currency, zone: r.zone, fiscalYearStartMonth: r.start_month, name: r.name } : null;
}

/** How many of `ids` are campaigns of the organisation (a filter naming another's is 404). */
export async function countOwnCampaigns(db: Db, npoId: number, ids: readonly number[]): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(DISTINCT id)::int AS n FROM campaigns WHERE npo_id = ${npoId} AND ${oneOf(sql`id`, ids)}`,
  );
  return rows[0]?.n ?? 0;
}
