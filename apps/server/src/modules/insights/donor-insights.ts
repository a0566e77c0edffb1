// Donor insights (docs/product/insights.md#donors): top donors of the period, upgrade candidates
// whose giving is rising, and donors whose giving dropped, from succeeded gifts in base currency.
import { sql } from 'drizzle-orm';
import { count, type InsightContext, money, rows, type StoredInsight, trendOf, windowOf } from './insight-kit.ts';

type DonorRow = {
  donor_id: number;
  name: string;
  email: string;
  country: string;
  method: string | null;
  current: string;
  previous: string;
  current_gifts: number;
  year_total: string;
  year_gifts: number;
  largest: string;
};

export async function donorRows(ctx: InsightContext): Promise<DonorRow[]> {
  const w = windowOf(ctx);
  return rows<DonorRow>(
    ctx,
    sql`
    WITH g AS (
      SELECT donor_id,
        sum(base_amount_minor) FILTER (WHERE created_at >= ${w.start}) AS current,
        sum(base_amount_minor) FILTER (WHERE created_at >= ${w.previous} AND created_at < ${w.start}) AS previous,
        count(*) FILTER (WHERE created_at >= ${w.start})::int AS current_gifts,
        sum(base_amount_minor) AS year_total, count(*)::int AS year_gifts, max(base_amount_minor) AS largest,
        (array_agg(payment_method ORDER BY created_at DESC))[1] AS method
      FROM donations
      WHERE npo_id = ${ctx.npoId} AND status = 'succeeded' AND created_at >= ${w.end}::timestamptz - interval '365 days'
        AND created_at < ${w.end}
      GROUP BY donor_id
    )
    SELECT g.donor_id, trim(d.first_name || ' ' || d.last_name) AS name, d.email, d.country, g.method,
      coalesce(g.current, 0) AS current, coalesce(g.previous, 0) AS previous, g.current_gifts,
      g.year_total, g.year_gifts, g.largest
    FROM g JOIN donors d ON d.id = g.donor_id AND d.npo_id = ${ctx.npoId}`,
  );
}

const nameOf = (r: DonorRow) => r.name || r.email || `Donor ${r.donor_id}`;
const facets = (r: DonorRow, amount: number) => ({
  amount: Math.round(amount / 100),
  method: r.method ?? undefined,
  country: r.country || undefined,
});

export function donorInsights(ctx: InsightContext, list: DonorRow[]): StoredInsight[] {
  const out: StoredInsight[] = [];
  const top = list.filter((r) => Number(r.current) > 0).sort((a, b) => Number(b.current) - Number(a.current));
  for (const r of top.slice(0, 5)) {
    out.push({
      id: `donor-top-${r.donor_id}`,
      title: `${nameOf(r)} is a top donor`,
      description: `${nameOf(r)} gave ${money(ctx, r.current)} in the last ${ctx.days} days, ${money(ctx, r.year_total)} over the last year.`,
      type: 'top_donor',
      priority: 'high',
      confidence: 95,
      entity: { name: nameOf(r), type: 'account', id: r.donor_id },
      suggested_actions: [{ text: `Call ${nameOf(r)} to thank them personally`, type: 'call' }],
      data_points: [
        {
          label: `Given in the last ${ctx.days} days`,
          value: money(ctx, r.current),
          trend: trendOf(Number(r.current), Number(r.previous)),
        },
        { label: 'Given in the previous period', value: money(ctx, r.previous), trend: 'neutral' },
        { label: 'Gifts in the last year', value: count(r.year_gifts, 'gift'), trend: 'neutral' },
      ],
      facets: facets(r, Number(r.current)),
    });
  }
  const rising = list
    .filter((r) => r.year_gifts >= 2 && Number(r.previous) > 0 && Number(r.current) >= 1.5 * Number(r.previous))
    .sort((a, b) => Number(b.current) - Number(a.current));
  for (const r of rising.slice(0, 5)) {
    out.push({
      id: `donor-upgrade-${r.donor_id}`,
      title: `Upgrade candidate: ${nameOf(r)}`,
      description: `Giving is rising (${money(ctx, r.previous)} to ${money(ctx, r.current)}) and the largest gift was ${money(ctx, r.largest)}: ask for a larger or monthly gift.`,
      type: 'upgrade_candidate',
      priority: 'medium',
      confidence: Math.min(90, 60 + r.year_gifts * 3),
      entity: { name: nameOf(r), type: 'account', id: r.donor_id },
      suggested_actions: [{ text: `Invite ${nameOf(r)} to give monthly`, type: 'email' }],
      data_points: [
        { label: `Given in the last ${ctx.days} days`, value: money(ctx, r.current), trend: 'up' },
        { label: 'Largest gift', value: money(ctx, r.largest), trend: 'neutral' },
        { label: 'Gifts in the last year', value: count(r.year_gifts, 'gift'), trend: 'neutral' },
      ],
      facets: facets(r, Number(r.largest)),
    });
  }
  const dropped = list
    .filter((r) => Number(r.previous) > 0 && Number(r.current) < 0.5 * Number(r.previous))
    .sort((a, b) => Number(b.previous) - Number(a.previous));
  for (const r of dropped.slice(0, 5)) {
    out.push({
      id: `donor-dropped-${r.donor_id}`,
      title: `${nameOf(r)}'s giving dropped`,
      description: `${money(ctx, r.previous)} in the previous ${ctx.days} days, ${money(ctx, r.current)} in the last ${ctx.days}.`,
      type: 'giving_dropped',
      priority: Number(r.previous) >= 50_000 ? 'high' : 'medium',
      confidence: 80,
      entity: { name: nameOf(r), type: 'account', id: r.donor_id },
      suggested_actions: [{ text: `Check in with ${nameOf(r)}`, type: 'email' }],
      data_points: [
        { label: `Given in the last ${ctx.days} days`, value: money(ctx, r.current), trend: 'down' },
        { label: 'Given in the previous period', value: money(ctx, r.previous), trend: 'neutral' },
      ],
      facets: facets(r, Number(r.previous)),
    });
  }
  return out;
}
