// Payment insights (docs/product/insights.md#payments): failure and recovery by method, provider and
// card brand, cards about to expire on active plans, fee-cover uptake and the currency mix.
import { sql } from 'drizzle-orm';
import { count, type InsightContext, money, pct, rows, type StoredInsight, windowOf } from './insight-kit.ts';

type MethodRow = {
  method: string;
  provider: string;
  brand: string;
  ok: number;
  failed: number;
  recovered: number;
  amount: string;
};
type MixRow = { currency: string; gifts: number; amount: string; covered: number };
type ExpiringRow = { plans: number; monthly: string };

export async function paymentInsights(ctx: InsightContext): Promise<StoredInsight[]> {
  const w = windowOf(ctx);
  const methods = await rows<MethodRow>(
    ctx,
    sql`
    SELECT coalesce(d.payment_method, 'unknown') AS method, coalesce(d.provider, 'unknown') AS provider,
      coalesce(p.card_brand, '') AS brand,
      count(*) FILTER (WHERE d.status = 'succeeded')::int AS ok, count(*) FILTER (WHERE d.status = 'failed')::int AS failed,
      count(*) FILTER (WHERE d.status = 'failed' AND EXISTS (
        SELECT 1 FROM donations r WHERE r.npo_id = d.npo_id AND r.recurring_plan_id = d.recurring_plan_id
          AND r.status = 'succeeded' AND r.created_at > d.created_at))::int AS recovered,
      coalesce(sum(d.base_amount_minor) FILTER (WHERE d.status = 'succeeded'), 0) AS amount
    FROM donations d LEFT JOIN recurring_plans p ON p.id = d.recurring_plan_id AND p.npo_id = d.npo_id
    WHERE d.npo_id = ${ctx.npoId} AND d.created_at >= ${w.start} AND d.created_at < ${w.end}
    GROUP BY 1, 2, 3`,
  );
  const out: StoredInsight[] = [];
  for (const m of methods
    .filter((r) => r.ok + r.failed >= 3)
    .sort((a, b) => b.failed / (b.ok + b.failed) - a.failed / (a.ok + a.failed))) {
    const rate = pct(m.failed, m.ok + m.failed);
    const label = [m.method, m.brand, `via ${m.provider}`].filter(Boolean).join(' ');
    out.push({
      id: `payment-failures-${m.method}-${m.provider}-${m.brand || 'any'}`,
      title: `${rate}% of ${label} payments failed`,
      description: `${count(m.failed, 'failed payment')} and ${count(m.ok, 'successful one')} in the last ${ctx.days} days; ${count(m.recovered, 'failure')} later recovered by a retry or a new card.`,
      type: 'failure_rate',
      priority: rate >= 20 ? 'high' : rate >= 5 ? 'medium' : 'low',
      confidence: Math.min(95, 50 + m.ok + m.failed),
      entity: { name: label, type: 'other' },
      suggested_actions: rate >= 5 ? [{ text: `Review declines on ${m.method} payments`, type: 'internal' }] : [],
      data_points: [
        { label: 'Failure rate', value: rate, trend: rate >= 10 ? 'up' : 'neutral' },
        { label: 'Recovery rate', value: pct(m.recovered, m.failed), trend: 'neutral' },
        { label: 'Raised', value: money(ctx, m.amount), trend: 'neutral' },
      ],
      facets: { method: m.method, amount: Math.round(Number(m.amount) / 100) },
    });
  }
  const [expiring] = await rows<ExpiringRow>(
    ctx,
    sql`
    SELECT count(*)::int AS plans, coalesce(sum(amount_minor), 0) AS monthly FROM recurring_plans
    WHERE npo_id = ${ctx.npoId} AND status IN ('active', 'past_due') AND card_exp_year IS NOT NULL
      AND make_date(card_exp_year, card_exp_month, 1) + interval '1 month' <= ${w.end}::timestamptz + interval '60 days'`,
  );
  if (expiring && expiring.plans > 0) {
    out.push({
      id: 'payment-expiring-cards',
      title: `${count(expiring.plans, 'recurring plan')} with a card expiring within 60 days`,
      description: `Plans worth ${money(ctx, expiring.monthly)} a charge will fail unless their donors update the card.`,
      type: 'expiring_cards',
      priority: 'high',
      confidence: 95,
      entity: { name: 'Recurring plans', type: 'other' },
      suggested_actions: [{ text: 'E-mail these donors a link to update their card', type: 'email' }],
      data_points: [{ label: 'Plans affected', value: count(expiring.plans, 'plan'), trend: 'up' }],
      facets: { method: 'card' },
    });
  }
  const mix = await rows<MixRow>(
    ctx,
    sql`
    SELECT currency, count(*)::int AS gifts, sum(base_amount_minor) AS amount, count(*) FILTER (WHERE fee_covered_minor > 0)::int AS covered
    FROM donations WHERE npo_id = ${ctx.npoId} AND status = 'succeeded' AND created_at >= ${w.start} AND created_at < ${w.end}
    GROUP BY currency ORDER BY 3 DESC`,
  );
  const gifts = mix.reduce((s, m) => s + m.gifts, 0);
  if (gifts > 0) {
    const covered = mix.reduce((s, m) => s + m.covered, 0);
    out.push({
      id: 'payment-fee-cover',
      title: `${pct(covered, gifts)}% of donors covered the fees`,
      description: `${count(covered, 'gift')} of ${count(gifts, 'gift')} in the last ${ctx.days} days added the processing fee.`,
      type: 'fee_cover',
      priority: 'low',
      confidence: 90,
      entity: { name: 'Fee cover', type: 'other' },
      suggested_actions:
        pct(covered, gifts) < 30 ? [{ text: 'Pre-tick fee cover on your busiest form', type: 'internal' }] : [],
      data_points: [{ label: 'Fee-cover uptake', value: pct(covered, gifts), trend: 'neutral' }],
    });
    out.push({
      id: 'payment-currency-mix',
      title: `Gifts came in ${count(mix.length, 'currency', 'currencies')}`,
      description: mix.map((m) => `${m.currency}: ${pct(m.gifts, gifts)}% of gifts`).join(', '),
      type: 'currency_mix',
      priority: 'low',
      confidence: 90,
      entity: { name: 'Currencies', type: 'other' },
      suggested_actions: [],
      data_points: mix
        .slice(0, 5)
        .map((m) => ({ label: `${m.currency} share of gifts`, value: pct(m.gifts, gifts), trend: 'neutral' as const })),
    });
  }
  return out;
}
