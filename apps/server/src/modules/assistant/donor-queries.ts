// The analyst's donor queries (docs/product/insights.md#assistant): top donors, lapsed donors and
// how often donors give, each read-only and scoped to the organisation.
import type { TAnalysis } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { type AnalystContext, day, giftFilter, money, rows, understood } from './analyst-kit.ts';

type DonorRow = { name: string; email: string; gifts: number; total: string; largest: string; last_at: string };

export async function topDonors(ctx: AnalystContext): Promise<TAnalysis> {
  const list = await rows<DonorRow>(
    ctx,
    sql`
    SELECT trim(o.first_name || ' ' || o.last_name) AS name, o.email, count(*)::int AS gifts,
      sum(d.base_amount_minor) AS total, max(d.base_amount_minor) AS largest, max(d.created_at) AS last_at
    FROM donations d JOIN donors o ON o.id = d.donor_id AND o.npo_id = d.npo_id
    WHERE ${giftFilter(ctx)}
    GROUP BY o.id ORDER BY sum(d.base_amount_minor) DESC, o.id LIMIT ${ctx.q.limit}`,
  );
  if (!list.length) return nothing(ctx, 'No gifts match', 'No donor gave');
  return {
    type: 'table',
    title: `Top ${list.length} donors, ${ctx.q.period.label}`,
    columns: [
      { key: 'rank', label: '#' },
      { key: 'donor', label: 'Donor' },
      { key: 'gifts', label: 'Gifts' },
      { key: 'total', label: 'Total' },
      { key: 'largest', label: 'Largest gift' },
      { key: 'last_gift', label: 'Last gift' },
    ],
    rows: list.map((r, i) => ({
      rank: i + 1,
      donor: r.name || r.email,
      gifts: r.gifts,
      total: money(ctx, r.total),
      largest: money(ctx, r.largest),
      last_gift: day(ctx, r.last_at),
    })),
    note: `${understood(ctx)} Succeeded gifts in ${ctx.currency}, refunds excluded.`,
  };
}

export async function lapsedDonors(ctx: AnalystContext): Promise<TAnalysis> {
  const { start, end } = ctx.q.period;
  const before = new Date(start.getTime() - (end.getTime() - start.getTime()));
  const list = await rows<DonorRow>(
    ctx,
    sql`
    SELECT trim(o.first_name || ' ' || o.last_name) AS name, o.email, count(*)::int AS gifts,
      sum(d.base_amount_minor) AS total, max(d.base_amount_minor) AS largest, max(d.created_at) AS last_at
    FROM donations d JOIN donors o ON o.id = d.donor_id AND o.npo_id = d.npo_id
    WHERE ${giftFilter(ctx, { period: false })} AND d.created_at >= ${before.toISOString()} AND d.created_at < ${start.toISOString()}
      AND NOT EXISTS (SELECT 1 FROM donations a WHERE a.npo_id = d.npo_id AND a.donor_id = d.donor_id
        AND a.status = 'succeeded' AND a.created_at >= ${start.toISOString()})
    GROUP BY o.id ORDER BY sum(d.base_amount_minor) DESC, o.id LIMIT ${ctx.q.limit}`,
  );
  if (!list.length) return nothing(ctx, 'No lapsed donors', 'Every donor of the period before also gave');
  return {
    type: 'table',
    title: `Lapsed donors: gave before ${ctx.q.period.label}, not since`,
    columns: [
      { key: 'donor', label: 'Donor' },
      { key: 'gifts', label: 'Gifts before' },
      { key: 'total', label: 'Given before' },
      { key: 'last_gift', label: 'Last gift' },
    ],
    rows: list.map((r) => ({
      donor: r.name || r.email,
      gifts: r.gifts,
      total: money(ctx, r.total),
      last_gift: day(ctx, r.last_at),
    })),
    note: `${understood(ctx)} Donors who gave in the same length of time before the period and have not given since, largest givers first.`,
  };
}

const BUCKETS = [
  { key: '1', label: '1 gift', min: 1, max: 1 },
  { key: '2', label: '2 gifts', min: 2, max: 2 },
  { key: '3-5', label: '3–5 gifts', min: 3, max: 5 },
  { key: '6-11', label: '6–11 gifts', min: 6, max: 11 },
  { key: '12+', label: '12 or more', min: 12, max: 1_000_000 },
];

export async function donationFrequency(ctx: AnalystContext): Promise<TAnalysis> {
  const [stats] = await rows<{ donors: number; gifts: number; median_days: number | null } & Record<string, number>>(
    ctx,
    sql`
    WITH per AS (
      SELECT d.donor_id, count(*)::int AS n,
        CASE WHEN count(*) > 1 THEN extract(epoch FROM max(d.created_at) - min(d.created_at)) / 86400 / (count(*) - 1) END AS gap
      FROM donations d WHERE ${giftFilter(ctx)} GROUP BY d.donor_id
    )
    SELECT count(*)::int AS donors, coalesce(sum(n), 0)::int AS gifts,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY gap) AS median_days,
      ${sql.join(
        BUCKETS.map(
          (b) => sql`count(*) FILTER (WHERE n BETWEEN ${b.min} AND ${b.max})::int AS ${sql.identifier(`b${b.key}`)}`,
        ),
        sql`, `,
      )}
    FROM per`,
  );
  if (!stats?.donors) return nothing(ctx, 'No gifts match', 'No donor gave');
  const perDonor = (stats.gifts / stats.donors).toFixed(1);
  const gap = stats.median_days != null ? `${Math.round(stats.median_days)} days` : 'not known (no repeat gifts)';
  return {
    type: 'chart',
    chart: 'bar',
    title: `How often donors gave, ${ctx.q.period.label}`,
    points: BUCKETS.map((b) => ({ label: b.label, values: { donors: Number(stats[`b${b.key}`] ?? 0) } })),
    series: [{ key: 'donors', label: 'Donors' }],
    currency: null,
    note: `${understood(ctx)} ${stats.donors.toLocaleString('en-US')} donors made ${stats.gifts.toLocaleString('en-US')} gifts (${perDonor} each); the median time between a repeat donor's gifts was ${gap}.`,
  };
}

/** The answer when a query finds nothing: says what was looked for. */
export function nothing(ctx: AnalystContext, title: string, lead: string): TAnalysis {
  return {
    type: 'text',
    title,
    text: `${lead} in ${ctx.q.period.label}. ${understood(ctx)}`.trim(),
    suggestions: [],
  };
}
