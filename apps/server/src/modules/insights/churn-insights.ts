// Churn insights (docs/product/insights.md#churn): each donor's features at a cut-off day from the
// organisation's own gifts and plans; the model learns from who gave again within 180 days of a
// cut-off 180 days ago and scores every donor today.
import type { TChurnModelQuality } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { type ChurnExample, type ChurnScorer, type DonorFeatures, trainChurnModel } from './churn-model.ts';
import { count, type InsightContext, money, rows, type StoredInsight } from './insight-kit.ts';

const HORIZON_DAYS = 180;
/** Training uses at most this many donors (a stable sample), so a large organisation trains in seconds. */
const MAX_TRAINING = 20_000;

type FeatureRow = {
  donor_id: number;
  name: string;
  country: string;
  recency: number;
  gifts365: number;
  avg_amount: number;
  tenure: number;
  mean_interval: number;
  failed365: number;
  card_expiring: number;
  recurring: number;
  plan_id: number | null;
  plan_amount: string | null;
  gave_after: boolean;
};

export type ScoredDonor = FeatureRow & { risk: number };

async function featuresAt(ctx: InsightContext, at: Date, sample: number | null): Promise<FeatureRow[]> {
  const t = at.toISOString();
  return rows<FeatureRow>(
    ctx,
    sql`
    WITH g AS (
      SELECT donor_id,
        max(created_at) FILTER (WHERE status = 'succeeded') AS last_at, min(created_at) FILTER (WHERE status = 'succeeded') AS first_at,
        count(*) FILTER (WHERE status = 'succeeded')::int AS gifts,
        count(*) FILTER (WHERE status = 'succeeded' AND created_at >= ${t}::timestamptz - interval '365 days')::int AS gifts365,
        avg(base_amount_minor) FILTER (WHERE status = 'succeeded')::float / 100 AS avg_amount,
        count(*) FILTER (WHERE status = 'failed' AND created_at >= ${t}::timestamptz - interval '365 days')::int AS failed365
      FROM donations WHERE npo_id = ${ctx.npoId} AND created_at < ${t} AND status IN ('succeeded', 'failed')
      GROUP BY donor_id
    )
    SELECT g.donor_id, trim(d.first_name || ' ' || d.last_name) AS name, d.country,
      extract(epoch FROM ${t}::timestamptz - g.last_at)::float / 86400 AS recency, g.gifts365, coalesce(g.avg_amount, 0) AS avg_amount,
      extract(epoch FROM ${t}::timestamptz - g.first_at)::float / 86400 AS tenure,
      CASE WHEN g.gifts > 1 THEN extract(epoch FROM g.last_at - g.first_at)::float / 86400 / (g.gifts - 1) ELSE 0 END AS mean_interval,
      g.failed365,
      (p.card_exp_year IS NOT NULL AND make_date(p.card_exp_year, p.card_exp_month, 1) + interval '1 month' <= ${t}::timestamptz + interval '60 days')::int AS card_expiring,
      (p.id IS NOT NULL)::int AS recurring, p.id AS plan_id, p.amount_minor AS plan_amount,
      EXISTS (SELECT 1 FROM donations a WHERE a.npo_id = ${ctx.npoId} AND a.donor_id = g.donor_id AND a.status = 'succeeded'
        AND a.created_at >= ${t} AND a.created_at < ${t}::timestamptz + ${`${HORIZON_DAYS} days`}::interval) AS gave_after
    FROM g JOIN donors d ON d.id = g.donor_id AND d.npo_id = ${ctx.npoId}
    LEFT JOIN LATERAL (
      SELECT id, card_exp_year, card_exp_month, amount_minor FROM recurring_plans rp
      WHERE rp.npo_id = ${ctx.npoId} AND rp.donor_id = g.donor_id AND rp.started_at < ${t}
        AND (rp.cancelled_at IS NULL OR rp.cancelled_at > ${t}) AND rp.status <> 'failed'
      ORDER BY rp.started_at DESC LIMIT 1
    ) p ON true
    WHERE g.last_at IS NOT NULL AND g.last_at >= ${t}::timestamptz - interval '730 days'
      ${sample ? sql`AND (g.donor_id * 2654435761) % ${sample} < ${MAX_TRAINING}` : sql``}`,
  );
}

const features = (r: FeatureRow): DonorFeatures => ({
  recencyDays: r.recency,
  gifts365: r.gifts365,
  avgAmount: r.avg_amount,
  tenureDays: r.tenure,
  meanIntervalDays: r.mean_interval,
  failed365: r.failed365,
  cardExpiring: r.card_expiring,
  recurring: r.recurring,
});

/** Trains on the cut-off 180 days ago and scores today's donors. */
export async function churnModel(ctx: InsightContext): Promise<{ scorer: ChurnScorer; scored: ScoredDonor[] }> {
  const cutoff = new Date(ctx.now.getTime() - HORIZON_DAYS * 86_400_000);
  const [counted] = await rows<{ n: number }>(
    ctx,
    sql`SELECT count(DISTINCT donor_id)::int AS n FROM donations WHERE npo_id = ${ctx.npoId} AND created_at < ${cutoff.toISOString()}`,
  );
  const n = counted?.n ?? 0;
  const sample = n > MAX_TRAINING ? n : null;
  const history = await featuresAt(ctx, cutoff, sample);
  const examples: ChurnExample[] = history.map((r) => ({
    ...features(r),
    donorId: r.donor_id,
    churned: !r.gave_after,
  }));
  const scorer = trainChurnModel(examples);
  const today = await featuresAt(ctx, ctx.now, null);
  return { scorer, scored: today.map((r) => ({ ...r, risk: Math.round(scorer.score(features(r)) * 100) })) };
}

export function modelQuality(scorer: ChurnScorer): TChurnModelQuality {
  const round = (v: number | null) => (v == null ? null : Math.round(v * 1000) / 1000);
  return {
    method: scorer.method,
    auc: round(scorer.auc),
    recency_auc: round(scorer.recencyAuc),
    lift: scorer.auc != null && scorer.recencyAuc != null ? round(scorer.auc - scorer.recencyAuc) : null,
    trained_on: scorer.trainedOn,
    held_out: scorer.heldOut,
    note: scorer.note,
  };
}

export function churnInsights(ctx: InsightContext, scorer: ChurnScorer, scored: ScoredDonor[]): StoredInsight[] {
  const quality = modelQuality(scorer);
  const out: StoredInsight[] = [
    {
      id: 'churn-model',
      title:
        scorer.method === 'rules' ? 'Churn risk follows stated rules' : `Churn model: AUC ${quality.auc?.toFixed(2)}`,
      description: scorer.note,
      type: 'model_quality',
      priority: 'low',
      confidence: scorer.auc != null ? Math.round(scorer.auc * 100) : 60,
      entity: { name: 'Churn model', type: 'other' },
      suggested_actions: [],
      data_points:
        scorer.method === 'rules'
          ? []
          : [
              { label: 'AUC on held-out donors', value: (quality.auc ?? 0).toFixed(2), trend: 'neutral' },
              {
                label: 'AUC of days since last gift alone',
                value: (quality.recency_auc ?? 0).toFixed(2),
                trend: 'neutral',
              },
              {
                label: 'Lift over recency alone',
                value: `${(quality.lift ?? 0) >= 0 ? '+' : ''}${(quality.lift ?? 0).toFixed(2)}`,
                trend: (quality.lift ?? 0) > 0 ? 'up' : 'down',
              },
            ],
    },
  ];
  const risky = scored.filter((d) => d.risk >= 50).sort((a, b) => b.risk - a.risk);
  for (const d of risky.slice(0, 12)) {
    const name = d.name || `Donor ${d.donor_id}`;
    const plan = d.plan_id != null;
    out.push({
      id: `churn-${d.donor_id}`,
      title: plan ? `${name}'s recurring gift may stop` : `${name} is likely to lapse`,
      description: `${Math.round(d.risk)}% risk of no gift in the next ${HORIZON_DAYS} days: last gift ${Math.round(d.recency)} days ago${d.failed365 > 0 ? `, ${count(d.failed365, 'failed charge')} this year` : ''}${d.card_expiring ? ', card about to expire' : ''}.`,
      type: plan ? 'plan_at_risk' : 'lapse_risk',
      priority: d.risk >= 75 ? 'high' : 'medium',
      confidence: scorer.auc != null ? Math.round(scorer.auc * 100) : 60,
      entity: { name, type: 'account', id: d.donor_id },
      suggested_actions: [
        plan && (d.failed365 > 0 || d.card_expiring)
          ? { text: `Ask ${name} to update their card`, type: 'email' }
          : { text: `Call ${name} before they lapse`, type: 'call' },
      ],
      data_points: [
        { label: 'Churn risk', value: Math.round(d.risk), trend: 'up' },
        { label: 'Days since last gift', value: `${Math.round(d.recency)} days`, trend: 'neutral' },
        { label: 'Gifts in the last year', value: count(d.gifts365, 'gift'), trend: 'neutral' },
        ...(plan ? [{ label: 'Plan amount', value: money(ctx, d.plan_amount), trend: 'neutral' as const }] : []),
      ],
      location: d.country || undefined,
      facets: { country: d.country || undefined, amount: Math.round(d.avg_amount), risk: d.risk },
    });
  }
  return out;
}
