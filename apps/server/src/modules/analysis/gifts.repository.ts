import type { TGiftAnalysis, THomeAnalysis, TMoneyPoint } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { nextMidnightIn } from '../../platform/format/calendar.ts';
import { givingDays } from './giving-days.sql.ts';
import type { Period } from './period.ts';

type Totals = { gross: number; total: number; count: number; average: number; median: number };

/**
 * Sum, count, average and median (both rounded to whole minor units, as `round(avg(...))` and
 * `round(percentile_cont(0.5) ...)` over the gifts would) of the period's gifts, from the daily
 * sums: the median is read off the day rows' histogram of net gift amounts.
 */
export async function selectGiftTotals(db: Db, npoId: number, period: Period): Promise<Totals> {
  const range = { from: period.start, to: period.end };
  const { rows } = await db.execute<Totals>(sql`
    WITH totals AS (
      SELECT coalesce(sum(t.gross), 0)::bigint AS gross, coalesce(sum(t.net), 0)::bigint AS total,
        coalesce(sum(t.gifts), 0)::int AS count, coalesce(sum(t.gift_net), 0) AS gift_net
      FROM ${givingDays(npoId, 'total', range)} t
    ),
    histogram AS (
      SELECT h.amount, sum(h.gifts) AS gifts FROM ${givingDays(npoId, 'amount', range)} h GROUP BY h.amount
    ),
    cumulative AS (
      SELECT amount, sum(gifts) OVER (ORDER BY amount) AS upto, sum(gifts) OVER () AS n FROM histogram
    ),
    middle AS (
      -- The values at 0-based positions floor((n-1)/2) and ceil((n-1)/2): the first amount whose
      -- running count passes the position.
      SELECT (SELECT min(amount) FROM cumulative WHERE upto > floor((n - 1) / 2.0)) AS low,
        (SELECT min(amount) FROM cumulative WHERE upto > ceil((n - 1) / 2.0)) AS high
      FROM (SELECT max(n) AS n FROM cumulative) c
    )
    SELECT totals.gross, totals.total, totals.count,
      CASE WHEN totals.count = 0 THEN 0 ELSE round(totals.gift_net::numeric / totals.count) END::bigint AS average,
      coalesce(round(((middle.low + middle.high) / 2.0)::float8), 0)::bigint AS median
    FROM totals, middle`);
  const row = rows[0];
  if (!row) throw new Error('gift totals query returned no row');
  return {
    gross: Number(row.gross),
    total: Number(row.total),
    count: row.count,
    average: Number(row.average),
    median: Number(row.median),
  };
}

/**
 * One point per day or month (of the organisation's time zone) from `start` to `end` (exclusive),
 * zero where nothing was given; a range ending now sums today whole.
 */
export async function selectMoneySeries(
  db: Db,
  npoId: number,
  range: { start: Date; end: Date; zone: string },
  unit: 'day' | 'month',
): Promise<TMoneyPoint[]> {
  const step = unit === 'day' ? sql`interval '1 day'` : sql`interval '1 month'`;
  const { rows } = await db.execute<TMoneyPoint>(sql`
    WITH buckets AS (
      SELECT generate_series(
        date_trunc(${unit}, ${range.start.toISOString()}::timestamptz AT TIME ZONE ${range.zone}),
        ${range.end.toISOString()}::timestamptz AT TIME ZONE ${range.zone} - interval '1 microsecond', ${step}) AS bucket
    ),
    sums AS (
      SELECT date_trunc(${unit}, t.day::timestamp) AS bucket, sum(t.net) AS amount, sum(t.gifts) AS count
      FROM ${givingDays(npoId, 'total', { from: range.start, to: nextMidnightIn(range.end, range.zone) })} t
      GROUP BY 1
    )
    SELECT to_char(b.bucket, 'YYYY-MM-DD') AS bucket,
      coalesce(s.amount, 0)::bigint AS amount, coalesce(s.count, 0)::int AS count
    FROM buckets b LEFT JOIN sums s ON s.bucket = b.bucket
    ORDER BY b.bucket`);
  return rows.map((r) => ({ bucket: r.bucket, amount: Number(r.amount), count: r.count }));
}

/** How many gifts fall in each band; `edges` are the lower bounds in minor units, ascending, from 0. */
export async function selectDistribution(
  db: Db,
  npoId: number,
  period: Period,
  edges: number[],
): Promise<TGiftAnalysis['distribution']> {
  const { rows } = await db.execute<{ band: number; count: number }>(sql`
    SELECT width_bucket(h.amount, ARRAY[${sql.join(
      edges.map((e) => sql`${e}`),
      sql`, `,
    )}]::bigint[]) AS band, sum(h.gifts)::int AS count
    FROM ${givingDays(npoId, 'amount', { from: period.start, to: period.end })} h
    GROUP BY 1`);
  const counts = new Map(rows.map((r) => [Number(r.band), r.count]));
  // width_bucket answers 0 below the first edge (a gift refunded below zero cannot happen, but a
  // zero-amount row would land in band 1); band i covers [edges[i-1], edges[i]).
  return edges.map((min, index) => ({
    min,
    max: edges[index + 1] ?? null,
    count: (counts.get(index + 1) ?? 0) + (index === 0 ? (counts.get(0) ?? 0) : 0),
  }));
}

/** Amount and count per campaign since `since` (a midnight of the organisation's time zone), largest first (gifts without a campaign together). */
export async function selectByCampaign(db: Db, npoId: number, since: Date, limit: number) {
  const { rows } = await db.execute<THomeAnalysis['by_campaign'][number]>(sql`
    SELECT g.campaign_id, coalesce(c.name, 'No campaign') AS name,
      sum(g.net)::bigint AS amount, sum(g.gifts)::int AS count
    FROM ${givingDays(npoId, 'campaign', { from: since })} g
    LEFT JOIN campaigns c ON c.id = g.campaign_id AND c.npo_id = ${npoId}
    GROUP BY g.campaign_id, c.name
    ORDER BY amount DESC, g.campaign_id NULLS LAST
    LIMIT ${limit}`);
  return rows.map((r) => ({
    ...r,
    campaign_id: r.campaign_id === null ? null : Number(r.campaign_id),
    amount: Number(r.amount),
  }));
}

/** Amount and count per payment method since `since` (a midnight of its time zone; 'other' when the provider named none). */
export async function selectByMethod(db: Db, npoId: number, since: Date) {
  const { rows } = await db.execute<THomeAnalysis['by_method'][number]>(sql`
    SELECT g.method, sum(g.net)::bigint AS amount, sum(g.gifts)::int AS count
    FROM ${givingDays(npoId, 'method', { from: since })} g
    GROUP BY 1
    ORDER BY amount DESC, method`);
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** The latest donations of any status, newest first, with the donor's name (or e-mail). */
export async function selectRecentDonations(db: Db, npoId: number, limit: number) {
  const { rows } = await db.execute<THomeAnalysis['recent_donations'][number]>(sql`
    SELECT d.id, coalesce(nullif(trim(dn.first_name || ' ' || dn.last_name), ''), dn.email) AS donor_name,
      c.name AS campaign_name, d.amount_minor, d.currency, d.base_amount_minor, d.status,
      to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
    FROM donations d
    JOIN donors dn ON dn.id = d.donor_id AND dn.npo_id = ${npoId}
    LEFT JOIN campaigns c ON c.id = d.campaign_id AND c.npo_id = ${npoId}
    WHERE d.npo_id = ${npoId}
    ORDER BY d.created_at DESC, d.id DESC
    LIMIT ${limit}`);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    amount_minor: Number(r.amount_minor),
    base_amount_minor: Number(r.base_amount_minor),
  }));
}
