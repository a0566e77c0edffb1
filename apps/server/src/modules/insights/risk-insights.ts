// Fraud and geographical insights (docs/product/insights.md#fraud, #geography). Fraud insights carry
// a risk score 0–100 that the call's risk_threshold filters on.
import { sql } from 'drizzle-orm';
import { count, type InsightContext, money, pct, rows, type StoredInsight, trendOf, windowOf } from './insight-kit.ts';

type BurstRow = {
  id: number;
  scope: string;
  source: string;
  declines: number;
  started_at: string;
  campaign: string | null;
};
type CountryRow = {
  country: string;
  ok: number;
  failed: number;
  current: string;
  previous: string;
  donors: number;
  top_region: string | null;
  top_postcode: string | null;
};
type RefundRow = { current: number; usual: number; amount: string };

export async function fraudInsights(ctx: InsightContext): Promise<StoredInsight[]> {
  const w = windowOf(ctx);
  const out: StoredInsight[] = [];
  const bursts = await rows<BurstRow>(
    ctx,
    sql`
    SELECT b.id, b.scope, b.source, b.declines, b.started_at, c.name AS campaign
    FROM card_testing_bursts b LEFT JOIN campaigns c ON c.id = b.campaign_id
    WHERE b.npo_id = ${ctx.npoId} AND b.last_decline_at >= ${w.start} ORDER BY b.declines DESC LIMIT 10`,
  );
  for (const b of bursts) {
    const risk = Math.min(100, 60 + b.declines * 2);
    const what =
      b.scope === 'address'
        ? `from one address (${b.source})`
        : b.scope === 'card'
          ? `on one card (${b.source})`
          : `on ${b.campaign ?? 'one campaign'}`;
    out.push({
      id: `fraud-burst-${b.id}`,
      title: `Card-testing burst: ${b.declines} declines ${what}`,
      description: `A run of declined card payments ${what} started ${new Date(b.started_at).toISOString().slice(0, 10)}. The form asked for a proof-of-work while it lasted.`,
      type: 'card_testing',
      priority: risk >= 80 ? 'high' : 'medium',
      confidence: 90,
      entity: { name: b.campaign ?? b.source, type: 'other' },
      suggested_actions: [
        { text: 'Check the payment provider for the declined attempts and block the source', type: 'internal' },
      ],
      data_points: [
        { label: 'Risk score', value: risk, trend: 'up' },
        { label: 'Declines', value: count(b.declines, 'decline'), trend: 'up' },
      ],
      facets: { risk, method: 'card' },
    });
  }
  for (const c of await countryRows(ctx)) {
    const total = c.ok + c.failed;
    const rate = pct(c.failed, total);
    if (c.failed < 3 || rate < 25) continue;
    const risk = Math.min(100, rate + Math.min(30, c.failed));
    out.push({
      id: `fraud-declines-${c.country}`,
      title: `${rate}% of payments from ${c.country} were declined`,
      description: `${count(c.failed, 'declined payment')} against ${count(c.ok, 'successful one')} from donors in ${c.country} in the last ${ctx.days} days.`,
      type: 'declines_by_country',
      priority: risk >= 80 ? 'high' : 'medium',
      confidence: Math.min(95, 50 + total),
      entity: { name: c.country, type: 'other' },
      suggested_actions: [{ text: `Review recent declines from ${c.country}`, type: 'internal' }],
      data_points: [
        { label: 'Risk score', value: risk, trend: 'up' },
        { label: 'Decline rate', value: rate, trend: 'up' },
      ],
      location: c.country,
      facets: { risk, country: c.country },
    });
  }
  const [refunds] = await rows<RefundRow>(
    ctx,
    sql`
    SELECT count(*) FILTER (WHERE created_at >= ${w.start})::int AS current,
      (count(*) FILTER (WHERE created_at < ${w.start}) / 4.0)::float AS usual,
      coalesce(-sum(base_amount_minor) FILTER (WHERE created_at >= ${w.start}), 0) AS amount
    FROM ledger_entries WHERE npo_id = ${ctx.npoId} AND kind IN ('refund', 'dispute')
      AND created_at >= ${w.end}::timestamptz - ${`${ctx.days * 5} days`}::interval AND created_at < ${w.end}`,
  );
  if (refunds && refunds.current >= 2 && refunds.current > 1.5 * refunds.usual) {
    const risk = Math.min(100, 50 + Math.round((refunds.current / Math.max(refunds.usual, 1)) * 10));
    out.push({
      id: 'fraud-refunds-above-normal',
      title: 'Refunds and disputes are above normal',
      description: `${count(refunds.current, 'refund or dispute', 'refunds and disputes')} (${money(ctx, refunds.amount)}) in the last ${ctx.days} days against about ${refunds.usual.toFixed(1)} in a usual period.`,
      type: 'refunds_above_normal',
      priority: 'high',
      confidence: 80,
      entity: { name: 'Refunds and disputes', type: 'other' },
      suggested_actions: [{ text: 'Look for a common campaign or card among the refunded gifts', type: 'internal' }],
      data_points: [
        { label: 'Risk score', value: risk, trend: 'up' },
        { label: 'This period', value: count(refunds.current, 'refund'), trend: 'up' },
      ],
      facets: { risk },
    });
  }
  return out;
}

async function countryRows(ctx: InsightContext): Promise<CountryRow[]> {
  const w = windowOf(ctx);
  return rows<CountryRow>(
    ctx,
    sql`
    SELECT upper(dn.country) AS country,
      count(*) FILTER (WHERE d.status = 'succeeded' AND d.created_at >= ${w.start})::int AS ok,
      count(*) FILTER (WHERE d.status = 'failed' AND d.created_at >= ${w.start})::int AS failed,
      coalesce(sum(d.base_amount_minor) FILTER (WHERE d.status = 'succeeded' AND d.created_at >= ${w.start}), 0) AS current,
      coalesce(sum(d.base_amount_minor) FILTER (WHERE d.status = 'succeeded' AND d.created_at < ${w.start}), 0) AS previous,
      count(DISTINCT d.donor_id) FILTER (WHERE d.status = 'succeeded' AND d.created_at >= ${w.start})::int AS donors,
      mode() WITHIN GROUP (ORDER BY nullif(dn.state, '')) AS top_region,
      mode() WITHIN GROUP (ORDER BY nullif(dn.postal_code, '')) AS top_postcode
    FROM donations d JOIN donors dn ON dn.id = d.donor_id AND dn.npo_id = ${ctx.npoId}
    WHERE d.npo_id = ${ctx.npoId} AND d.created_at >= ${w.previous} AND d.created_at < ${w.end} AND length(dn.country) = 2
    GROUP BY 1`,
  );
}

export async function geographicalInsights(ctx: InsightContext): Promise<StoredInsight[]> {
  const list = (await countryRows(ctx)).filter((c) => Number(c.current) > 0 || Number(c.previous) > 0);
  const total = list.reduce((s, c) => s + Number(c.current), 0);
  return list
    .sort((a, b) => Number(b.current) - Number(a.current))
    .slice(0, 12)
    .map((c, i) => ({
      id: `geo-country-${c.country}`,
      title: `${c.country}: ${money(ctx, c.current)} from ${count(c.donors, 'donor')}`,
      description: [
        `${pct(Number(c.current), total)}% of giving in the last ${ctx.days} days.`,
        c.top_region ? `Most gifts from ${c.top_region}` : '',
        c.top_postcode ? `(postcode ${c.top_postcode}).` : '',
      ]
        .filter(Boolean)
        .join(' '),
      type: 'giving_by_country',
      priority: i === 0 ? 'high' : i < 3 ? 'medium' : 'low',
      confidence: 95,
      entity: { name: c.country, type: 'other' as const },
      suggested_actions:
        i === 0 ? [] : [{ text: `Tailor an appeal for donors in ${c.country}`, type: 'email' as const }],
      data_points: [
        { label: 'Raised', value: money(ctx, c.current), trend: trendOf(Number(c.current), Number(c.previous)) },
        { label: 'Share of giving', value: pct(Number(c.current), total), trend: 'neutral' as const },
        { label: 'Top region', value: c.top_region ?? 'N/A', trend: 'neutral' as const },
      ],
      location: c.country,
      facets: { country: c.country, amount: Math.round(Number(c.current) / 100) },
    }));
}
