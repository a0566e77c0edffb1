// Next actions for this week (docs/product/insights.md#next-actions): thank first-time donors, ask
// lapsing donors, upgrade loyal monthly donors and fix failing cards, each tied to its donor.
import { sql } from 'drizzle-orm';
import type { ScoredDonor } from './churn-insights.ts';
import { type InsightContext, money, rows, type StoredInsight, windowOf } from './insight-kit.ts';

type FirstRow = { donor_id: number; name: string; country: string; amount: string; method: string | null };
type PlanRow = {
  plan_id: number;
  donor_id: number;
  name: string;
  country: string;
  amount: string;
  months: number;
  status: string;
  failed: number;
};

const named = (r: { name: string; donor_id: number }) => r.name || `Donor ${r.donor_id}`;

export async function nextActionInsights(ctx: InsightContext, scored: ScoredDonor[]): Promise<StoredInsight[]> {
  const w = windowOf(ctx);
  const out: StoredInsight[] = [];
  const firsts = await rows<FirstRow>(
    ctx,
    sql`
    SELECT g.donor_id, trim(d.first_name || ' ' || d.last_name) AS name, d.country, g.amount, g.method FROM (
      SELECT donor_id, min(created_at) AS first_at, sum(base_amount_minor) FILTER (WHERE created_at >= ${w.start}) AS amount,
        (array_agg(payment_method ORDER BY created_at))[1] AS method
      FROM donations WHERE npo_id = ${ctx.npoId} AND status = 'succeeded' AND created_at < ${w.end} GROUP BY donor_id
    ) g JOIN donors d ON d.id = g.donor_id AND d.npo_id = ${ctx.npoId}
    WHERE g.first_at >= ${w.start} ORDER BY g.amount DESC LIMIT 5`,
  );
  for (const r of firsts) {
    out.push({
      id: `next-thank-${r.donor_id}`,
      title: `Thank ${named(r)} for a first gift`,
      description: `${named(r)} gave for the first time (${money(ctx, r.amount)}) in the last ${ctx.days} days. A thank-you within a week makes a second gift likelier.`,
      type: 'thank_first_time',
      priority: 'high',
      confidence: 90,
      entity: { name: named(r), type: 'account', id: r.donor_id },
      suggested_actions: [{ text: `Call ${named(r)} to say thank you`, type: 'call' }],
      data_points: [{ label: 'First gift', value: money(ctx, r.amount), trend: 'up' }],
      facets: {
        amount: Math.round(Number(r.amount) / 100),
        method: r.method ?? undefined,
        country: r.country || undefined,
      },
    });
  }
  const lapsing = scored.filter((d) => d.plan_id == null && d.risk >= 60).sort((a, b) => b.risk - a.risk);
  for (const d of lapsing.slice(0, 3)) {
    out.push({
      id: `next-ask-${d.donor_id}`,
      title: `Ask ${named(d)} before they lapse`,
      description: `Last gift ${Math.round(d.recency)} days ago; churn risk ${Math.round(d.risk)}%.`,
      type: 'ask_lapsing',
      priority: 'medium',
      confidence: 75,
      entity: { name: named(d), type: 'account', id: d.donor_id },
      suggested_actions: [{ text: `E-mail ${named(d)} with news of what their last gift did`, type: 'email' }],
      data_points: [{ label: 'Churn risk', value: Math.round(d.risk), trend: 'up' }],
      facets: { country: d.country || undefined, risk: d.risk },
    });
  }
  const plans = await rows<PlanRow>(
    ctx,
    sql`
    SELECT p.id AS plan_id, p.donor_id, trim(d.first_name || ' ' || d.last_name) AS name, d.country, p.amount_minor AS amount,
      (extract(epoch FROM ${w.end}::timestamptz - p.started_at) / 86400 / 30.44)::int AS months, p.status, p.failed_attempts AS failed
    FROM recurring_plans p JOIN donors d ON d.id = p.donor_id AND d.npo_id = ${ctx.npoId}
    WHERE p.npo_id = ${ctx.npoId} AND p.interval = 'monthly'
      AND ((p.status = 'active' AND p.failed_attempts = 0 AND p.started_at <= ${w.end}::timestamptz - interval '12 months')
        OR p.status = 'past_due' OR (p.status = 'active' AND p.failed_attempts > 0))
    ORDER BY p.status = 'active' AND p.failed_attempts = 0, p.amount_minor DESC LIMIT 12`,
  );
  for (const p of plans) {
    const failing = p.status === 'past_due' || p.failed > 0;
    out.push({
      id: `next-${failing ? 'fix-card' : 'upgrade'}-${p.plan_id}`,
      title: failing ? `Fix ${named(p)}'s failing card` : `Upgrade ${named(p)}, monthly for ${p.months} months`,
      description: failing
        ? `The monthly gift of ${money(ctx, p.amount)} has failed ${p.failed} time(s); the plan is ${p.status.replace('_', ' ')}.`
        : `${named(p)} has given ${money(ctx, p.amount)} every month for ${p.months} months without a failure.`,
      type: failing ? 'fix_failing_card' : 'upgrade_monthly',
      priority: failing ? 'high' : 'medium',
      confidence: failing ? 95 : 70,
      entity: { name: named(p), type: 'account', id: p.donor_id },
      suggested_actions: failing
        ? [{ text: `Send ${named(p)} a link to update the card`, type: 'email' }]
        : [
            { text: `Ask ${named(p)} to raise the monthly gift`, type: 'call' },
            { text: 'Add them to the loyal-donor thank-you list', type: 'internal' },
          ],
      data_points: [
        { label: 'Monthly gift', value: money(ctx, p.amount), trend: 'neutral' },
        {
          label: failing ? 'Failed charges' : 'Months giving',
          value: failing ? `${p.failed} failed` : `${p.months} months`,
          trend: failing ? 'down' : 'up',
        },
      ],
      facets: { amount: Math.round(Number(p.amount) / 100), method: 'card', country: p.country || undefined },
    });
  }
  return out;
}
